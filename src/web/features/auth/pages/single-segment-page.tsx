import { Center, Loader } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { DEEPLINK_ID } from "../../../../domain/sign-in.schemas";
import { AppLayout } from "../../../app/shell/app-layout";
import { FullPageLoader } from "../../../components/full-page-loader";
import NotFoundPage from "../../system/pages/not-found-page";
import { useSession } from "../api/check-token";
import { useDeeplinkUri } from "../api/deeplinks";
import { ServiceWelcome, SSO_SERVICE_NAMES, type SsoService } from "../components/service-welcome";

function ssoService(segment: string): SsoService | undefined {
  const s = segment.toLowerCase();
  return s in SSO_SERVICE_NAMES ? (s as SsoService) : undefined;
}

/**
 * /{service} and /{deeplinkUrlId} share the root (spec doc 3 §2, §4): zoom and goto show their
 * welcome page; a deeplink id resolves to its uri and redirects there; anything else is Not Found.
 */
export default function SingleSegmentPage() {
  const { t } = useTranslation();
  const { segment = "" } = useParams();
  const service = ssoService(segment);
  const maybeDeeplink = !service && DEEPLINK_ID.test(segment);
  const deeplink = useDeeplinkUri(segment, maybeDeeplink);
  const navigate = useNavigate();
  const uri = deeplink.data?.uri;
  const session = useSession();

  useEffect(() => {
    if (!uri) return;
    if (uri.startsWith("/")) navigate(uri, { replace: true });
    else window.location.replace(uri);
  }, [uri, navigate]);

  if (service) return <ServiceWelcome service={service} />;
  if (!maybeDeeplink || deeplink.isError) {
    // A signed-in person keeps the app around the Not Found text, as on any other unknown path.
    if (session.isPending) return <FullPageLoader />;
    return session.data?.valid ? (
      <AppLayout>
        <NotFoundPage />
      </AppLayout>
    ) : (
      <NotFoundPage />
    );
  }
  return (
    <Center mih="80dvh" aria-busy="true" aria-label={t("Opening the link")}>
      <Loader />
    </Center>
  );
}
