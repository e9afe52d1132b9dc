/** Query keys of the numbers area: every write invalidates `numbersKeys.all`. */
export const numbersKeys = {
  all: ["dedicated-numbers"] as const,
  list: (params: object) => ["dedicated-numbers", "list", params] as const,
  available: (params: object) => ["dedicated-numbers", "available", params] as const,
  registration: ["brand-registration"] as const,
};
