/**
 * Text PostgreSQL cannot store: the NUL character (text columns refuse it) and lone UTF-16
 * surrogates (half of an emoji, which has no UTF-8 form). Every request is checked once for
 * both (src/server/http/input-guard.ts), so no field anywhere can carry them into a query.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is looked for.
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper than any form or API body needs; a deeper one is refused rather than walked. */
export const MAX_INPUT_DEPTH = 32;

export const TEXT_SAFETY = {
  unsafe: (field: string) =>
    `${field} contains a character that cannot be saved (a null character or half of an emoji).`,
  tooDeep: "The request is nested too deeply.",
} as const;

export function isSafeText(text: string): boolean {
  return !UNSAFE.test(text);
}

export type InputProblem = { kind: "unsafe"; field: string } | { kind: "tooDeep"; field: string };

/**
 * The first field (dotted path, e.g. `fields.2.value`) whose text, or whose key, cannot be
 * stored, or that lies deeper than MAX_INPUT_DEPTH; null when the whole value is fine.
 * Walks without recursion, so a hostile nesting cannot overflow the stack.
 */
export function findInputProblem(value: unknown, root = ""): InputProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value, path: root, depth: 0 },
  ];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === "string") {
      if (!isSafeText(v)) return { kind: "unsafe", field: path || "_" };
      continue;
    }
    // Raw bytes (an upload's buffer) are not text fields.
    if (typeof v !== "object" || v === null || ArrayBuffer.isView(v)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { kind: "tooDeep", field: path || "_" };
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isSafeText(key)) return { kind: "unsafe", field: path || "_" };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}
