import { defineLoop } from "../../background/loop";
import { runDueReviews } from "./registry-reviews.service";

/** Registry reviews that came due (a review's delay is seconds to days) are decided. */
export const registryReviewsLoop = defineLoop({
  name: "registry-reviews",
  step: async (ctx) => (await runDueReviews(ctx)) > 0,
});
