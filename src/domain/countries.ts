/**
 * Country ids of subscribers. The spec fixes only the default (US, id 209); Canada, the other
 * country we accept numbers from, takes the id of the same legacy list order (38).
 */
export const COUNTRIES = [
  { id: 209, code: "US", name: "United States" },
  { id: 38, code: "CA", name: "Canada" },
] as const;

export const DEFAULT_COUNTRY_ID = 209;

export function countryIdOfCode(code: string | undefined): number {
  return COUNTRIES.find((c) => c.code === code)?.id ?? DEFAULT_COUNTRY_ID;
}
