import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { API_SCOPES } from "../../domain/api-keys";
import { groups } from "../features/groups/groups.schema";
import { phoneNumbers } from "../features/numbers/numbers.schema";
import { subscribers } from "../features/subscribers/subscribers.schema";
import { templates } from "../features/templates/templates.schema";
import { buildAccountWithUser, loginAs } from "../test/factories";
import {
  type FuzzRequest,
  type Operation,
  operationsOf,
  requestsFor,
} from "../test/fuzz/operation-requests";
import { type JsonSchema, SchemaArbitraries } from "../test/fuzz/schema-arbitraries";
import { createTestServer } from "../test/harness";
import { isKeyRoute } from "./api-auth";
import { INPUT_ERROR_TEXT } from "./input-errors";
import { CSRF_HEADER } from "./session";

/**
 * "No 500 on any input": every operation of the OpenAPI document is driven, as a signed-in owner
 * of a seeded account, with requests generated from its schemas and mutated (wrong types, NUL,
 * lone surrogates, huge strings and ints, deep nesting, bad content types, broken multipart),
 * until the time budget runs out. Any 5xx fails the test with the request that caused it.
 *
 * FUZZ_BUDGET_MS (default 45 000) sets the budget, FUZZ_SEED replays a run. Each run draws a new
 * seed, so the runs of every submission add up; a long hunt is `FUZZ_BUDGET_MS=900000`.
 */

const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 45_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
/** A request that takes longer is reported like a 5xx (a hang is a failure too). */
const REQUEST_TIMEOUT_MS = 15_000;

const t = await createTestServer({
  env: { LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? "silent", API_RATE_LIMIT: "1000000" },
});

interface Session {
  cookie: string;
  accountId: number;
  /** An API key with every scope: /api/v1 operations are driven through it, past the 401. */
  apiKey: string;
}

async function newSession(): Promise<Session> {
  const { account, user } = await buildAccountWithUser(t.db);
  const [number] = await t.db
    .insert(phoneNumbers)
    .values({
      accountId: account.id,
      number: `+1555${String(account.id).padStart(7, "0")}`,
      carrierSid: `PN${account.id}`,
    })
    .returning();
  const [group] = await t.db
    .insert(groups)
    .values({ accountId: account.id, name: `Fuzz ${account.id}` })
    .returning();
  const [subscriber] = await t.db
    .insert(subscribers)
    .values({
      accountId: account.id,
      phone: `+1202555${String(account.id % 10_000).padStart(4, "0")}`,
    })
    .returning();
  const [template] = await t.db
    .insert(templates)
    .values({ accountId: account.id, name: "Fuzz", message: "Hello" })
    .returning();
  knownIds.push(number!.id, group!.id, subscriber!.id, template!.id);
  const cookie = await loginAs(t.app, user.username, user.password);
  const key = await t.post("/api/api-keys", { name: "Fuzz", scopes: WIDEST_SCOPES }, { cookie });
  return { cookie, accountId: account.id, apiKey: key.json().key };
}

/** Every area at its widest (write where an area has it). */
const WIDEST_SCOPES = API_SCOPES.filter(
  (s) => s.endsWith(":write") || !API_SCOPES.includes(s.replace(":read", ":write")),
);

const NET_MESSAGES = [
  INPUT_ERROR_TEXT.outOfRange,
  INPUT_ERROR_TEXT.badText,
  INPUT_ERROR_TEXT.badValue,
  INPUT_ERROR_TEXT.missingReference,
];

/** Public routes left out of the document that take input all the same. */
const HIDDEN_OPERATIONS: Operation[] = [
  {
    method: "GET",
    path: "/media/{accountId}/{name}",
    pathParams: [
      { name: "accountId", schema: { type: "integer", minimum: 1 } },
      { name: "name", schema: { type: "string", pattern: "^[a-f0-9]{32}\\.(jpg|png)$" } },
    ],
    query: null,
    body: null,
  },
];

/** Ids seen in answers, so generated paths also name things that exist. */
const knownIds: number[] = [];

function harvestIds(value: unknown, depth = 0) {
  if (depth > 4 || typeof value !== "object" || value === null) return;
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === "number" && /(^id$|Id$)/.test(k) && v > 0 && knownIds.length < 500)
      knownIds.push(v);
    else harvestIds(v, depth + 1);
  }
}

function describeRequest(r: FuzzRequest): string {
  const body =
    r.payload === undefined
      ? ""
      : `\n  body (${r.headers["content-type"] ?? "no content type"}): ${JSON.stringify(String(r.payload).slice(0, 600))}`;
  return `${r.method} ${r.url.slice(0, 400)} [${r.kind}]${body}`;
}

async function inject(r: FuzzRequest, session: Session) {
  const headers: Record<string, string> = { ...r.headers, cookie: session.cookie };
  if (isKeyRoute(r.url)) headers.authorization = `Bearer ${session.apiKey}`;
  if (r.method !== "GET") headers[CSRF_HEADER] = "1";
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer in time")), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      t.app.inject({ method: r.method as "GET", url: r.url, headers, payload: r.payload }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe("fuzzing every operation", () => {
  it(
    "never answers 5xx",
    async () => {
      const doc = t.app.swagger() as unknown as Parameters<typeof operationsOf>[0];
      const operations = [...operationsOf(doc), ...HIDDEN_OPERATIONS];
      expect(operations.length).toBeGreaterThan(50);
      if (process.env.FUZZ_STATS)
        console.info(
          operations.map((o) => `${o.method} ${o.path} body:${o.body !== null}`).join("\n"),
        );
      const arbs = new SchemaArbitraries(
        (doc.components?.schemas ?? {}) as Record<string, JsonSchema>,
      );
      // Ending the session or the account is tried too, but a fresh owner takes over after it.
      let session = await newSession();
      const failures = new Map<string, string>();
      const missingValidations = new Map<string, string>();
      const tried = new Map<string, number>();
      const statuses = new Map<string, number>();
      const started = Date.now();

      const caseOf = fc
        .constantFrom(...operations)
        .chain((op: Operation) => requestsFor(op, arbs, knownIds).map((r) => ({ op, r })));
      const run = async ({ op, r }: { op: Operation; r: FuzzRequest }) => {
        const key = `${op.method} ${op.path}`;
        tried.set(key, (tried.get(key) ?? 0) + 1);
        let status: number;
        let body = "";
        try {
          const res = await inject(r, session);
          status = res.statusCode;
          body = res.body;
          if (status < 300 && res.headers["content-type"]?.toString().includes("json"))
            harvestIds(res.json());
        } catch (err) {
          status = 599;
          body = String(err);
        }
        const bucket = `${r.kind} ${status}`;
        statuses.set(bucket, (statuses.get(bucket) ?? 0) + 1);
        // The error handler's safety net answered: the input reached the database unchecked.
        if (status === 400 && NET_MESSAGES.some((m) => body.includes(m))) {
          const sig = `${key} (database refused the input)`;
          if (!missingValidations.has(sig))
            missingValidations.set(sig, `${sig}\n  ${describeRequest(r)}`);
        }
        if (status >= 500) {
          const sig = `${key} → ${status}`;
          if (!failures.has(sig))
            failures.set(sig, `${sig}\n  ${describeRequest(r)}\n  answer: ${body.slice(0, 300)}`);
        }
        if (status === 401 || (status === 403 && body.includes("ACCOUNT_FORBIDDEN")))
          session = await newSession();
      };

      // Every operation at least a few times, then at random until the budget is spent.
      for (const op of operations) {
        for (const r of fc.sample(requestsFor(op, arbs, knownIds), { numRuns: 4, seed: SEED }))
          await run({ op, r });
      }
      await fc.assert(
        fc.asyncProperty(caseOf, async (c) => {
          await run(c);
        }),
        {
          seed: SEED,
          numRuns: Number.MAX_SAFE_INTEGER,
          // At least 10 s: on a loaded machine the pass over every operation above can spend the
          // whole budget, and a property interrupted before its first case fails.
          interruptAfterTimeLimit: Math.max(10_000, BUDGET_MS - (Date.now() - started)),
          markInterruptAsFailure: false,
        },
      );

      const total = [...tried.values()].reduce((a, b) => a + b, 0);
      console.info(
        `fuzz: seed ${SEED}, ${total} requests over ${tried.size}/${operations.length} operations in ${Math.round((Date.now() - started) / 1000)} s`,
      );
      if (missingValidations.size)
        console.warn(
          `missing validations (answered 400 by the safety net):\n${[...missingValidations.values()].join("\n")}`,
        );
      if (process.env.FUZZ_STATS)
        console.info(
          [...statuses]
            .sort()
            .map(([k, n]) => `${k}: ${n}`)
            .join("\n"),
        );
      expect([...failures.values()].join("\n\n"), `replay with FUZZ_SEED=${SEED}`).toBe("");
    },
    BUDGET_MS + 120_000,
  );
});
