import { Button, Divider } from "@mantine/core";
import { IconBrandFacebook, IconBrandGoogle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { type OAuthProvider, PROVIDER_NAMES } from "../../../../domain/sign-in.schemas";
import { useProviders } from "../api/sign-in";

const ICONS: Record<OAuthProvider, React.ReactNode> = {
  facebook: <IconBrandFacebook size={18} color="#1877f2" />,
  google: <IconBrandGoogle size={18} />,
};

/**
 * 'Continue With Facebook' / 'Continue With Google': a browser redirect to the server's
 * OpenID Connect flow. Only the providers the server has a client for are shown: a button that
 * can only answer "not configured" is a dead end.
 */
export function ProviderButtons() {
  const { t } = useTranslation();
  const providers = useProviders();
  const configured = (["facebook", "google"] as const).filter(
    (provider) => providers.data?.[provider] === true,
  );
  if (configured.length === 0) return null;
  return (
    <>
      <Divider label={t("or")} labelPosition="center" />
      {configured.map((provider) => (
        <Button
          key={provider}
          component="a"
          href={`/api/auth/oauth/${provider}/start`}
          variant="default"
          leftSection={ICONS[provider]}
        >
          {t("Continue With {{provider}}", { provider: PROVIDER_NAMES[provider] })}
        </Button>
      ))}
    </>
  );
}
