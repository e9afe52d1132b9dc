import fc from "fast-check";
import {
  EDGE_INTS,
  type JsonSchema,
  NASTY_STRINGS,
  type SchemaArbitraries,
} from "./schema-arbitraries";

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/groups/{id}. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: JsonSchema | null;
  body: JsonSchema | null;
}

/** One request as app.inject takes it, plus what it was meant to try. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  kind: string;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = ["get", "post", "put", "patch", "delete"];

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = op.parameters ?? [];
      const queryParams = params.filter((p) => p.in === "query");
      const query: JsonSchema | null = queryParams.length
        ? {
            type: "object",
            properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema ?? {}])),
            required: queryParams.filter((p) => p.required).map((p) => p.name),
          }
        : null;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params
          .filter((p) => p.in === "path")
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query,
        body: op.requestBody?.content?.["application/json"]?.schema ?? null,
      });
    }
  }
  return ops;
}

/** Percent-encoding that also carries lone surrogates (as their WTF-8 bytes). */
export function encodePart(value: string): string {
  let out = "";
  for (const ch of value) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    }
  }
  return out;
}

function queryString(value: unknown): string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return value === undefined ? "" : `?q=${encodePart(String(value))}`;
  }
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const values = Array.isArray(v) ? v : [v];
    for (const one of values) {
      const text = typeof one === "object" && one !== null ? JSON.stringify(one) : String(one);
      parts.push(`${encodePart(k)}=${encodePart(text)}`);
    }
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

const PATH_EDGES = [
  ...EDGE_INTS.map(String),
  "abc",
  "1.5",
  "1e3",
  "0x10",
  " 1",
  "%",
  "\u0000",
  "\ud800",
  "00000000000000000000001",
  "9".repeat(400),
];

const BAD_CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/xml",
  "application/json; charset=utf-16",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  `multipart/form-data; boundary=${"b".repeat(300)}`,
  "",
];

/** Multipart bodies a careless or hostile client sends (the upload routes read these). */
function multipartCases(): fc.Arbitrary<{ contentType: string; payload: string; kind: string }> {
  const b = "fuzzboundary";
  const part = (name: string, filename: string, type: string, content: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`;
  return fc
    .tuple(
      fc.constantFrom("photo", "file", "x", ""),
      fc.constantFrom("a.png", "a.csv", "a.xlsx", "a.vcf", "noext", "../../x.png", ""),
      fc.constantFrom("image/png", "text/csv", "application/octet-stream", ""),
      fc.constantFrom(
        "",
        "phone\n+15555550123\n",
        "\x89PNG\r\n\x1a\n",
        "PK\x03\x04garbage",
        "a\u0000b",
      ),
      fc.nat(5),
    )
    .map(([name, filename, type, content, how]) => {
      const whole = `${part(name, filename, type, content)}--${b}--\r\n`;
      switch (how) {
        case 0:
          return {
            contentType: "multipart/form-data",
            payload: whole,
            kind: "multipart: no boundary",
          };
        case 1:
          return {
            contentType: `multipart/form-data; boundary=${b}`,
            payload: whole.slice(0, whole.length / 2),
            kind: "multipart: truncated",
          };
        case 2:
          return {
            contentType: `multipart/form-data; boundary=other`,
            payload: whole,
            kind: "multipart: wrong boundary",
          };
        case 3:
          return {
            contentType: `multipart/form-data; boundary=${b}`,
            payload: `--${b}--\r\n`,
            kind: "multipart: no parts",
          };
        case 4:
          return {
            contentType: `multipart/form-data; boundary=${b}`,
            payload: `${part(name, filename, type, content)}${part(name, filename, type, content)}--${b}--\r\n`,
            kind: "multipart: two files",
          };
        default:
          return {
            contentType: `multipart/form-data; boundary=${b}`,
            payload: whole,
            kind: "multipart: one file",
          };
      }
    });
}

/**
 * Requests for one operation: path params (valid, known ids, edges), a query and a body that fit
 * the schemas or are mutated, and now and then a wrong content type or a broken multipart body.
 */
export function requestsFor(
  op: Operation,
  arbs: SchemaArbitraries,
  knownIds: number[],
): fc.Arbitrary<FuzzRequest> {
  const pathValue = (schema: JsonSchema) =>
    fc.oneof(
      { weight: 3, arbitrary: arbs.valid(schema).map((v) => String(v)) },
      {
        weight: 3,
        arbitrary: knownIds.length ? fc.constantFrom(...knownIds.map(String)) : fc.constant("1"),
      },
      { weight: 2, arbitrary: fc.constantFrom(...PATH_EDGES) },
      { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    );
  const path = fc
    .tuple(...op.pathParams.map((p) => pathValue(p.schema)))
    .map((values) =>
      op.pathParams.reduce(
        (url, p, i) => url.replace(`{${p.name}}`, encodePart(values[i] ?? "")),
        op.path,
      ),
    );
  const query = op.query
    ? fc.oneof(
        { weight: 3, arbitrary: arbs.valid(op.query) },
        { weight: 3, arbitrary: arbs.mutated(op.query) },
      )
    : fc.oneof(
        { weight: 5, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: arbs.mutated({ type: "object", properties: { q: { type: "string" } } }),
        },
      );
  const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
  const hasBody = op.method !== "GET";
  // Upload routes (multipart) publish no body schema: they get broken multipart more often.
  const multipartWeight = op.body === null && op.method === "POST" ? 6 : 1;
  const body: fc.Arbitrary<{ payload?: string; contentType?: string; kind: string }> = !hasBody
    ? fc.constant({ kind: "no body" })
    : fc.oneof(
        {
          weight: 4,
          arbitrary: arbs.valid(op.body ?? { type: "object" }).map((v) => ({
            payload: json(v) ?? "{}",
            contentType: "application/json",
            kind: "valid body",
          })),
        },
        {
          weight: 4,
          arbitrary: arbs.mutated(op.body ?? { type: "object" }).map((v) => ({
            payload: json(v) ?? "null",
            contentType: "application/json",
            kind: "mutated body",
          })),
        },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.constantFrom(...BAD_CONTENT_TYPES), arbs.valid(op.body ?? { type: "object" }))
            .map(([ct, v]) => ({
              payload: json(v) ?? "{}",
              contentType: ct,
              kind: `content type ${ct || "(none)"}`,
            })),
        },
        {
          weight: multipartWeight,
          arbitrary: multipartCases().map((m) => ({
            payload: m.payload,
            contentType: m.contentType,
            kind: m.kind,
          })),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(
              '{"a":',
              "[",
              "\u0000",
              "",
              "1",
              '"x"',
              "null",
              '{"__proto__":{"x":1}}',
              '{"constructor":{"prototype":{"x":1}}}',
            )
            .map((p) => ({ payload: p, contentType: "application/json", kind: "raw json" })),
        },
      );
  return fc.tuple(path, query, body).map(([url, q, b]) => {
    const headers: Record<string, string> = {};
    if (b.contentType !== undefined && b.contentType !== "")
      headers["content-type"] = b.contentType;
    return {
      method: op.method,
      url: url + queryString(q),
      headers,
      payload: b.payload,
      kind: b.kind,
    };
  });
}
