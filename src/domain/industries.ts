/** Industries an account can pick. Id 17 is exempt from brand registration (spec doc 1 §3). */
export const INDUSTRIES: readonly { id: number; name: string }[] = [
  { id: 1, name: "Retail" },
  { id: 2, name: "Restaurant & Food Service" },
  { id: 3, name: "Health & Wellness" },
  { id: 4, name: "Fitness" },
  { id: 5, name: "Beauty & Salon" },
  { id: 6, name: "Real Estate" },
  { id: 7, name: "Automotive" },
  { id: 8, name: "Education" },
  { id: 9, name: "Religious Organization" },
  { id: 10, name: "Non-Profit" },
  { id: 11, name: "Professional Services" },
  { id: 12, name: "Home Services" },
  { id: 13, name: "Entertainment & Events" },
  { id: 14, name: "Hospitality & Travel" },
  { id: 15, name: "Financial Services" },
  { id: 16, name: "Government" },
  { id: 17, name: "Political" },
  { id: 18, name: "Dispensary" },
  { id: 19, name: "Other" },
];

export const BRAND_REGISTRATION_EXEMPT_INDUSTRY = 17;
