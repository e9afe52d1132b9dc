import { MarketingToolPage } from "../components/marketing-tool-page";

/** /marketing/loyalty-rewards (spec doc 1 §2): the loyalty tool's programs and reports. */
export default function Page() {
  return <MarketingToolPage kind="loyalty" />;
}
