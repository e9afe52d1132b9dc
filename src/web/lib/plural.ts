/** "1 person", "1,200 people": a count with the word that agrees with it. */
export function plural(n: number, one: string, many: string) {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}
