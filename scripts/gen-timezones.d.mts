export interface TimezoneRow {
  id: number;
  iana: string;
  name: string;
  code?: string;
}
export interface TimezoneTable {
  zones: TimezoneRow[];
  aliases: Record<string, string>;
}
export const TIMEZONES_FILE: string;
export const FIRST_ZONES: TimezoneRow[];
export function timezoneTable(committed?: TimezoneTable): TimezoneTable;
export function committedTimezones(): Promise<TimezoneTable | undefined>;
export function renderTimezones(table: TimezoneTable): string;
