import { useParams, useSearchParams } from "react-router";
import { PublicSignup } from "./subscribe-page";

/**
 * /optIn/:accountName/:slug: an opt-in tracker page. The sign-up page's branding, fields, bot
 * check and consent line under the page's own headline; visits and sign-ups are counted per page,
 * and a visitor sent by the web banner (?via=banner) is stamped 'Opt In Web Banner'.
 */
export default function OptinTrackerPage() {
  const { accountName = "", slug = "" } = useParams();
  const [search] = useSearchParams();
  const via = search.get("via") === "banner" ? "banner" : "";
  return (
    <PublicSignup
      accountName={accountName}
      apiPath={`/api/optin/${encodeURIComponent(accountName)}/${encodeURIComponent(slug)}`}
      extra={via ? { via } : undefined}
    />
  );
}
