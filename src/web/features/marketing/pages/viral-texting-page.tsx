import { MarketingToolPage } from "../components/marketing-tool-page";

/** /marketing/viral-texting (spec doc 1 §2): the referral tool's programs and reports. */
export default function Page() {
  return <MarketingToolPage kind="referral" />;
}
