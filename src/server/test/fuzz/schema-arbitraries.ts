import fc from "fast-check";

/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document: values that fit a schema
 * (so requests get past validation into services) and mutations of them (so validation itself
 * is tried with what no form would send).
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  default?: unknown;
  $ref?: string;
}

const MAX_DEPTH = 6;

/** Ints at the edges of every column type and of JS numbers. */
export const EDGE_INTS = [
  0, 1, 2, 3, -1, 2_147_483_647, 2_147_483_648, -2_147_483_649, 9_007_199_254_740_991,
  9_007_199_254_740_992, 1e20, 1e308,
];

/** Text PostgreSQL or our parsers may choke on. */
export const NASTY_STRINGS = [
  "",
  " ",
  "a\u0000b",
  "\u0000",
  "\ud800",
  "x\udfff",
  "👋",
  "%00",
  "' or 1=1 --",
  "\\",
  "=cmd|' /C calc'!A0",
  "2147483648",
  "-1",
  "1e999",
  "NaN",
  "null",
  "true",
  "{}",
  "[]",
  "9999-99-99",
  "2026-02-30",
  "0000-01-01T00:00:00Z",
  "275760-09-13T00:00:00.001Z",
  "+99999999999999999999",
  "http://",
  "javascript:alert(1)",
  "/media/1/../../etc/passwd",
  "a".repeat(5000),
  "é".repeat(300),
  "\r\n\t",
  "(.*)+$",
  "[",
  "*",
  "%",
  "_",
];

export function nastyValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...NASTY_STRINGS),
    fc.constantFrom(...EDGE_INTS),
    fc.constantFrom(null, true, false, 0.5, -0.0, [], {}, [null], { a: 1 }),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.double(),
    fc.integer(),
    deepNesting(),
    fc.constant("x".repeat(200_000)),
  );
}

function deepNesting(): fc.Arbitrary<unknown> {
  return fc.integer({ min: 30, max: 3000 }).map((n) => {
    let v: unknown = 1;
    for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
    return v;
  });
}

export class SchemaArbitraries {
  constructor(private readonly components: Record<string, JsonSchema> = {}) {}

  /** Values that satisfy `schema` as far as its keywords say. */
  valid(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
    if (!schema || depth > MAX_DEPTH) return fc.constant(undefined);
    const s = this.resolve(schema);
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const options = s.anyOf ?? s.oneOf;
    if (options?.length) return fc.oneof(...options.map((o) => this.valid(o, depth + 1)));
    if (s.allOf?.length) return this.valid(mergeAll(s.allOf.map((o) => this.resolve(o))), depth);
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (types.length > 1)
      return fc.oneof(...types.map((type) => this.valid({ ...s, type }, depth + 1)));
    const withNull = (a: fc.Arbitrary<unknown>) =>
      s.nullable
        ? fc.oneof({ weight: 5, arbitrary: a }, { weight: 1, arbitrary: fc.constant(null) })
        : a;
    switch (types[0]) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return withNull(fc.boolean());
      case "integer":
      case "number":
        return withNull(this.number(s, types[0] === "integer"));
      case "string":
        return withNull(this.string(s));
      case "array":
        return withNull(this.array(s, depth));
      case "object":
        return withNull(this.object(s, depth));
      default:
        if (s.properties) return this.object(s, depth);
        return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
    }
  }

  /** A valid value with one mutation somewhere in it (or the whole value replaced). */
  mutated(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
    return fc
      .tuple(this.valid(schema), fc.infiniteStream(fc.nat()), nastyValue(), fc.nat(3))
      .map(([value, choices, nasty, how]) => mutate(value, choices, nasty, how));
  }

  private number(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
    const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
    const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
    const min = Math.max(lo ?? -1000, -1e15);
    const max = Math.min(hi ?? 1_000_000, 1e15);
    if (min > max) return fc.constant(lo ?? 0);
    const inRange = EDGE_INTS.filter((n) => n >= min && n <= max);
    const arb = integer
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    return inRange.length
      ? fc.oneof(
          { weight: 4, arbitrary: arb },
          { weight: 1, arbitrary: fc.constantFrom(...inRange) },
        )
      : arb;
  }

  private string(s: JsonSchema): fc.Arbitrary<string> {
    const maxLength = Math.min(s.maxLength ?? 40, 300);
    const minLength = Math.min(s.minLength ?? 0, maxLength);
    const sized = (a: fc.Arbitrary<string>) =>
      a.filter(
        (x) => x.length >= minLength && x.length <= (s.maxLength ?? Number.POSITIVE_INFINITY),
      );
    switch (s.format) {
      case "email":
        return sized(fc.emailAddress());
      case "uri":
      case "url":
        return sized(fc.webUrl());
      case "date-time":
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      case "date":
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      case "uuid":
        return fc.uuid();
    }
    if (s.pattern) {
      try {
        return sized(fc.stringMatching(new RegExp(s.pattern)));
      } catch {
        // A pattern fast-check cannot invert: plain strings instead.
      }
    }
    return fc.oneof(
      { weight: 5, arbitrary: fc.string({ minLength, maxLength }) },
      { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength, maxLength }) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(
            ...NASTY_STRINGS.filter((x) => x.length >= minLength && x.length <= maxLength),
          )
          .filter(() => true),
      },
    );
  }

  private array(s: JsonSchema, depth: number): fc.Arbitrary<unknown[]> {
    if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => this.valid(p, depth + 1)));
    const minLength = s.minItems ?? 0;
    const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 5, 5));
    return fc.array(this.valid(s.items, depth + 1), { minLength, maxLength });
  }

  private object(s: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const props = s.properties ?? {};
    const required = new Set(s.required ?? []);
    const entries = Object.entries(props).map(
      ([key, p]) => [key, this.valid(p, depth + 1)] as const,
    );
    const record: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(entries);
    const requiredKeys = Object.keys(props).filter((k) => required.has(k));
    const base = fc.record(record, { requiredKeys });
    if (Object.keys(props).length === 0 && s.additionalProperties) {
      const extra =
        typeof s.additionalProperties === "object"
          ? this.valid(s.additionalProperties, depth + 1)
          : fc.string({ maxLength: 10 });
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), extra, { maxKeys: 4 });
    }
    return base;
  }

  private resolve(s: JsonSchema): JsonSchema {
    let cur = s;
    for (let i = 0; cur.$ref && i < 10; i++) {
      const name = cur.$ref.split("/").pop() ?? "";
      cur = { ...this.components[name], ...omitRef(cur) };
    }
    return cur;
  }
}

function omitRef(s: JsonSchema): JsonSchema {
  const { $ref: _ref, ...rest } = s;
  return rest;
}

function mergeAll(parts: JsonSchema[]): JsonSchema {
  const out: JsonSchema = {};
  for (const p of parts) {
    Object.assign(out, p, {
      properties: { ...out.properties, ...p.properties },
      required: [...(out.required ?? []), ...(p.required ?? [])],
    });
  }
  return out;
}

/**
 * One change to `value`: a leaf (or the whole) replaced by `nasty`, a key dropped, a key added,
 * the value's type swapped, or a NUL / lone surrogate slipped into one of its strings. `choices` picks where.
 */
function mutate(value: unknown, choices: Iterator<number>, nasty: unknown, how: number): unknown {
  const pick = (n: number) => (n <= 0 ? 0 : (choices.next().value as number) % n);
  const containers: { holder: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 8 || typeof v !== "object" || v === null) return;
    if (Array.isArray(v)) {
      v.forEach((child, i) => {
        containers.push({ holder: v, key: i });
        walk(child, depth + 1);
      });
      return;
    }
    for (const [k, child] of Object.entries(v)) {
      containers.push({ holder: v as Record<string, unknown>, key: k });
      walk(child, depth + 1);
    }
  };
  const copy = structuredClone(value);
  walk(copy, 0);
  if (containers.length === 0 || pick(5) === 0) return how === 0 ? [copy] : nasty;
  const strings = containers.filter(
    (c) => typeof (c.holder as Record<string | number, unknown>)[c.key] === "string",
  );
  if (how === 4 && strings.length) {
    // Still valid by the schema (same field, same length or one more): only the text is poison.
    const target = strings[pick(strings.length)]!;
    const holder = target.holder as Record<string | number, string>;
    const text = holder[target.key]!;
    const at = pick(text.length + 1);
    holder[target.key] =
      text.slice(0, at) + ["\u0000", "\ud800", "\udc00"][pick(3)] + text.slice(at);
    return copy;
  }
  const target = containers[pick(containers.length)]!;
  const holder = target.holder as Record<string | number, unknown>;
  if (how === 1 && !Array.isArray(target.holder)) delete holder[target.key];
  else if (how === 2 && !Array.isArray(target.holder))
    holder[`${String(target.key)}\u0000x`] = nasty;
  else holder[target.key] = nasty;
  return copy;
}
