import { useParams } from "react-router";
import { SSO_SERVICES } from "../../../app/paths";
import { ServiceWelcome } from "../components/service-welcome";
import NotFoundPage from "./not-found-page";

/**
 * /{service} and /{deeplinkUrlId} share the root (spec doc 3 §2): zoom and goto show their
 * welcome page; deeplinks do not exist yet, so anything else is Not Found.
 */
export default function SingleSegmentPage() {
  const { segment = "" } = useParams();
  const service = SSO_SERVICES.find((s) => s === segment.toLowerCase());
  if (service) return <ServiceWelcome service={service} />;
  return <NotFoundPage />;
}
