import { defineFeature, PUBLIC } from "../feature";
import { referenceDataRoutes } from "./reference-data.routes";

export const referenceDataFeature = defineFeature({
  name: "reference-data",
  routes: [referenceDataRoutes],
  policy: {
    // Sign-in, sign-up and the links that come by e-mail or text.
    "GET /api/data/timezones": PUBLIC,
    "GET /api/data/industries": PUBLIC,
  },
});
