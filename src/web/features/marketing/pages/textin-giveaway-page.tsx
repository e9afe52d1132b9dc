import { MarketingToolPage } from "../components/marketing-tool-page";

/** /marketing/textin-giveaway (spec doc 1 §2): the giveaway tool's programs and reports. */
export default function Page() {
  return <MarketingToolPage kind="giveaway" />;
}
