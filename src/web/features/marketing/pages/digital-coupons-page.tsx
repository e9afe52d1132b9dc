import { MarketingToolPage } from "../components/marketing-tool-page";

/** /marketing/digital-coupons (spec doc 1 §2): the coupon tool's programs and reports. */
export default function Page() {
  return <MarketingToolPage kind="coupon" />;
}
