import { Button } from "@mantine/core";
import { IconBrandFacebook, IconBrandGoogle } from "@tabler/icons-react";
import { type OAuthProvider, PROVIDER_NAMES } from "../../../../domain/sign-in.schemas";
import { notify } from "../../../lib/notify";
import { useProviders } from "../api/sign-in";

const ICONS: Record<OAuthProvider, React.ReactNode> = {
  facebook: <IconBrandFacebook size={18} color="#1877f2" />,
  google: <IconBrandGoogle size={18} />,
};

/**
 * 'Continue With Facebook' / 'Continue With Google': a browser redirect to the server's
 * OpenID Connect flow when the server has a client for it, else a note that it has none.
 */
export function ProviderButtons() {
  const providers = useProviders();
  return (
    <>
      {(["facebook", "google"] as const).map((provider) => {
        const name = PROVIDER_NAMES[provider];
        const configured = providers.data?.[provider] === true;
        return configured ? (
          <Button
            key={provider}
            component="a"
            href={`/api/auth/oauth/${provider}/start`}
            variant="default"
            leftSection={ICONS[provider]}
          >
            Continue With {name}
          </Button>
        ) : (
          <Button
            key={provider}
            variant="default"
            leftSection={ICONS[provider]}
            loading={providers.isPending}
            onClick={() => notify.info(`Sign-in with ${name} is not configured on this server.`)}
          >
            Continue With {name}
          </Button>
        );
      })}
    </>
  );
}
