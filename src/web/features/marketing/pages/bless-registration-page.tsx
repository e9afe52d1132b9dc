import { MarketingToolPage } from "../components/marketing-tool-page";

/** /marketing/bless-registration (spec doc 1 §2): the registration tool's programs and reports. */
export default function Page() {
  return <MarketingToolPage kind="registration" />;
}
