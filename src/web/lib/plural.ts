import { formatNumber } from "../i18n";

/** "1 person", "1,200 people": a count with the word that agrees with it. */
export function plural(n: number, one: string, many: string) {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}
