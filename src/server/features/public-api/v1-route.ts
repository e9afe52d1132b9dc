import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { intIdParams } from "../../../domain/ids";
import type { SystemActor } from "../../../domain/permissions";

/** OpenAPI facts every /api/v1 operation carries: its id, a summary, the key it needs. */
export function op(operationId: string, summary: string, tag: string, description?: string) {
  return {
    operationId,
    summary,
    description,
    tags: [`API v1: ${tag}`],
    security: [{ apiKey: [] }],
  };
}

/** The API key's actor; the policy hook has refused the request before a route sees it without one. */
export function keyActorOf(request: FastifyRequest): SystemActor {
  const caller = request.apiCaller;
  if (!caller) throw new Error("keyActorOf called without an API key");
  return caller.actor;
}

/** Documented on every creating call (Idempotency-Key is read by api-auth.ts). */
export const IDEMPOTENT =
  "Send an `Idempotency-Key` header to make a retry safe: the first answer is stored for a day and replayed (with `Idempotent-Replayed: true`) for the same key and body.";

type Id = { id: number };
type Call<A extends unknown[]> = (actor: SystemActor, ...args: A) => Promise<unknown>;

/**
 * The usual five operations of an area (list, get, create, update, delete) as thin adapters over
 * the area's service, which the screen's routes call too: only the names, schemas and calls
 * differ from area to area. operationIds read `list<Plural>`, `get<Noun>`, `create<Noun>`, ...
 */
export function v1Crud<B extends z.ZodType, Q extends z.ZodType = z.ZodType>(
  app: FastifyInstance,
  spec: {
    path: string;
    tag: string;
    noun: string;
    plural: string;
    /** What the summaries call one ("an automated reply"). */
    one: string;
    item: z.ZodType;
    list?: { response: z.ZodType; query?: Q; call: Call<[z.output<Q>]> };
    params?: z.ZodType<Id>;
    get?: Call<[number]>;
    body?: B;
    /** A body that works, shown in the document. */
    example?: z.input<B>;
    create?: Call<[z.output<B>]>;
    update?: { method: "PUT" | "PATCH"; call: Call<[number, z.output<B>]>; summary?: string };
    remove?: Call<[number]>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = spec.params ?? intIdParams;
  const { tag, noun, one } = spec;
  const key = keyActorOf;
  const body = spec.body && spec.example ? spec.body.meta({ examples: [spec.example] }) : spec.body;
  if (spec.list) {
    const list = spec.list;
    r.get(
      spec.path,
      {
        schema: {
          ...op(
            `list${spec.plural}`,
            `List ${spec.plural.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()}`,
            tag,
          ),
          ...(list.query ? { querystring: list.query } : {}),
          response: { 200: list.response },
        },
      },
      (req) => list.call(key(req), req.query as z.output<Q>),
    );
  }
  if (spec.get) {
    const get = spec.get;
    r.get(
      `${spec.path}/:id`,
      { schema: { ...op(`get${noun}`, `Get ${one}`, tag), params, response: { 200: spec.item } } },
      (req) => get(key(req), (req.params as Id).id),
    );
  }
  if (spec.create && spec.body) {
    const create = spec.create;
    r.post(
      spec.path,
      {
        schema: {
          ...op(`create${noun}`, `Create ${one}`, tag, IDEMPOTENT),
          body,
          response: { 201: spec.item },
        },
      },
      async (req, reply) => reply.status(201).send(await create(key(req), req.body as z.output<B>)),
    );
  }
  if (spec.update && spec.body) {
    const update = spec.update;
    r.route({
      method: update.method,
      url: `${spec.path}/:id`,
      schema: {
        ...op(`update${noun}`, update.summary ?? `Change ${one}`, tag),
        params,
        body,
        response: { 200: spec.item },
      },
      handler: (req) => update.call(key(req), (req.params as Id).id, req.body as z.output<B>),
    });
  }
  if (spec.remove) {
    const remove = spec.remove;
    r.delete(
      `${spec.path}/:id`,
      { schema: { ...op(`delete${noun}`, `Delete ${one}`, tag), params } },
      async (req, reply) => {
        await remove(key(req), (req.params as Id).id);
        return reply.status(204).send();
      },
    );
  }
}

/**
 * A request body with an example in the document. zod leaves `examples` out of the input JSON
 * schema of a schema that transforms anywhere inside (they would describe its output), so the
 * example goes as Swagger's `x-examples`, which becomes the media type's named example.
 */
export function withExample<S extends z.ZodType>(schema: S, example: z.input<S>): S {
  return schema.meta({ "x-examples": { example: { value: example } } }) as S;
}

/** A screen route's link in a service's answer (a download), as the same /api/v1 route. */
export function v1Link<T extends Record<string, unknown>>(row: T, field: keyof T & string): T {
  const url = row[field];
  return typeof url === "string" ? { ...row, [field]: url.replace(/^\/api\//, "/api/v1/") } : row;
}
