import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { toJSONSchema, type ZodType } from "zod";

/**
 * JSON Schema keywords fast-json-stringify writes exactly as zod's check and JSON.stringify
 * would: plain objects, arrays, scalars, nullable types, records. Unions (anyOf, oneOf), $ref,
 * tuples and the like are not here: fast-json-stringify picks their branch by validating the
 * value (which unknown properties zod would strip can fail), so those answers keep zod's check.
 */
const PLAIN_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "propertyNames",
  "description",
  "title",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "format",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
]);

function isPlain(schema: unknown): boolean {
  if (typeof schema === "boolean") return true;
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return false;
  for (const [key, value] of Object.entries(schema)) {
    if (!PLAIN_KEYWORDS.has(key)) return false;
    if (key === "properties") {
      if (!Object.values(value as object).every(isPlain)) return false;
    } else if (key === "items" || key === "additionalProperties" || key === "propertyNames") {
      if (!isPlain(value)) return false;
    }
  }
  return true;
}

/** The answer's JSON Schema when fast-json-stringify writes it as zod would, else null. */
export function plainJsonSchema(schema: ZodType): Record<string, unknown> | null {
  let json: Record<string, unknown>;
  try {
    // What the route sends (io: output); dates, transforms and the like are not JSON: throw.
    json = toJSONSchema(schema, {
      io: "output",
      target: "draft-7",
      unrepresentable: "throw",
    }) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { $schema: _draft, ...rest } = json;
  return isPlain(rest) ? rest : null;
}

type Serialize = (data: unknown) => string;

/**
 * Answers written by a serializer compiled once from the route's response schema
 * (fast-json-stringify) instead of zod checking every answer and JSON.stringify writing it:
 * about a tenth of the CPU of a list request. It writes the schema's properties in the
 * schema's order and drops others, as zod's check does. Schemas it cannot write exactly as zod
 * (see PLAIN_KEYWORDS) keep the zod serializer. Outside production (`checked`) every answer is
 * also checked and written by zod and the two must be the same text, so the tests catch any
 * answer the compiled serializer would write differently.
 */
export function compiledSerializerCompiler({
  checked,
}: {
  checked: boolean;
}): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const schema = route.schema as ZodType;
    const json = plainJsonSchema(schema);
    const viaZod = serializerCompiler(route) as Serialize;
    if (!json) return viaZod;
    // Compiled on the first answer: a server registers hundreds of routes, most seldom called.
    let compiled: Serialize | undefined;
    const fast: Serialize = (data) => {
      compiled ??= fastJson(json) as Serialize;
      return compiled(data);
    };
    if (!checked) return fast;
    return (data) => {
      const expected = viaZod(data);
      // The zod check passed: the compiled one must write the same JSON (fast-json-stringify
      // may put optional properties after the required ones; the order of keys means nothing).
      const written = fast(data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote ${written.slice(0, 500)} where zod wrote ${expected.slice(0, 500)}`,
        );
      }
      return written;
    };
  };
}
