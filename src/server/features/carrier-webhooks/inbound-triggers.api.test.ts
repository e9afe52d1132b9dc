import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChatbotInput } from "../../../domain/chatbots";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { handleEngineEvents } from "../automations/enrol";

const t = await createTestServer();
const db = t.db.$client;
const OURS = "+14155550177";
const SECOND = "+14155550178";
const { account, user } = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, user.username, user.password);
const numberOf = async (e164: string, sid: string) =>
  (
    await db.query<{ id: number }>(
      `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, $3, true) returning id`,
      [account.id, e164, sid],
    )
  ).rows[0]!.id;
const numberId = await numberOf(OURS, "PNtrig1");
const secondId = await numberOf(SECOND, "PNtrig2");
await db.query(
  `insert into account_credits (account_id, balance, period_allowance) values ($1, 1000, 1000)`,
  [account.id],
);

const bot = (over: Partial<ChatbotInput> = {}): ChatbotInput => ({
  name: "Table booking",
  phoneNumberId: numberId,
  enabled: true,
  triggerWords: ["MENU"],
  tree: { start: "hi", nodes: [{ id: "hi", type: "end", text: "Our menu: soup, salad, pie." }] },
  ...over,
});
const created = await t.post("/api/chatbots", bot(), { cookie });
if (created.statusCode !== 201) throw new Error(created.body);
const botId = created.json().id as number;

const keyword = (word: string, phoneNumberId: number | null = null) =>
  t.post(
    "/api/keywords",
    { keyword: word, phoneNumberId, reply: "Thanks for joining!" },
    { cookie },
  );
const workflow = (name: string, words: string[]) =>
  t.post(
    "/api/automations",
    {
      kind: "workflow",
      name,
      trigger: { type: "message.received", words },
      graph: {
        start: "s",
        steps: [{ id: "s", type: "send", body: "Specials today!", next: null }],
      },
      exitOnReply: false,
    },
    { cookie },
  );
const autoReply = (name: string, match: string, words: string[], phoneNumberId: number | null) =>
  t.post(
    "/api/auto-replies",
    { name, match, words, phoneNumberId, reply: "Hello from the auto reply" },
    { cookie },
  );
const giveaway = (word: string) =>
  t.post(
    "/api/marketing/programs",
    {
      kind: "giveaway",
      name: "Pie giveaway",
      keyword: word,
      settings: {
        prize: "A pie",
        startsAt: "2026-01-01T00:00:00.000Z",
        endsAt: "2027-12-31T00:00:00.000Z",
      },
    },
    { cookie },
  );

const count = async (table: string) =>
  (
    await db.query<{ n: number }>(`select count(*)::int as n from ${table} where account_id = $1`, [
      account.id,
    ])
  ).rows[0]!.n;

const text = (from: string, body: string, to = OURS) =>
  receiveInbound(t.ctx, {
    sid: `SM${randomBytes(16).toString("hex")}`,
    from,
    to,
    body,
    mediaUrls: [],
    segments: 1,
  });
const repliesTo = async (phone: string) =>
  (
    await db.query<{ body: string }>(
      `select body from messages where to_number = $1 and direction = 'outbound' order by id`,
      [phone],
    )
  ).rows.map((r) => r.body);
const subscriberOf = async (phone: string) =>
  Number(
    (
      await db.query<{ id: string }>(
        `select id from subscribers where account_id = $1 and phone = $2`,
        [account.id, phone],
      )
    ).rows[0]!.id,
  );

/** What the automations consumer is handed for this person, as the relay would hand it. */
async function relay(subscriberId: number) {
  const events = await db.query<{ type: string; data: Record<string, unknown> }>(
    `select type, data from account_events where account_id = $1 and subscriber_id = $2 order by id`,
    [account.id, subscriberId],
  );
  await handleEngineEvents(
    db,
    events.rows.map((e) => ({ accountId: account.id, type: e.type, subscriberId, data: e.data })),
  );
  return events.rows.map((e) => e.type);
}

const runsOf = async (subscriberId: number) =>
  (
    await db.query<{ automation_id: number }>(
      `select automation_id from automation_runs where subscriber_id = $1`,
      [subscriberId],
    )
  ).rows.map((r) => r.automation_id);

describe("the trigger registry refuses a word another automation answers", () => {
  it("a keyword: the chatbot's word, named with its number, and nothing saved", async () => {
    const before = await count("keywords");
    const res = await keyword("menu");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "MENU is already answered by the chatbot 'Table booking' on (415) 555-0177",
    );
    expect(res.json().error.fields.keyword).toBe(res.json().error.message);
    const here = await keyword("MENU", numberId);
    expect(here.json().error.message).toBe(
      "MENU is already answered by the chatbot 'Table booking' on this number",
    );
    // On another number the word is free.
    expect((await keyword("MENU", secondId)).statusCode).toBe(201);
    expect(await count("keywords")).toBe(before + 1);
  });

  it("a chatbot: a keyword's word, a compliance word; its own words again are fine", async () => {
    expect((await keyword("PIZZA")).statusCode).toBe(201);
    const res = await t.put(`/api/chatbots/${botId}`, bot({ triggerWords: ["MENU", "pizza"] }), {
      cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "pizza is already answered by the keyword 'PIZZA' on every number",
    );
    const stop = await t.put(`/api/chatbots/${botId}`, bot({ triggerWords: ["STOP"] }), {
      cookie,
    });
    expect(stop.statusCode).toBe(400);
    expect(stop.json().error.message).toContain("STOP is already answered by the opt-out");
    expect((await t.put(`/api/chatbots/${botId}`, bot(), { cookie })).statusCode).toBe(200);
    const saved = await db.query(`select trigger_words from chatbots where id = $1`, [botId]);
    expect(saved.rows[0].trigger_words).toEqual(["MENU"]);
  });

  it("a workflow that starts on a text containing the chatbot's word", async () => {
    const before = await count("automations");
    const res = await workflow("Specials menu", ["menu"]);
    expect(res.statusCode).toBe(400);
    // On every number: the first owner met is the keyword MENU on the second number.
    expect(res.json().error.message).toBe(
      "menu is already answered by the keyword 'MENU' on (415) 555-0178",
    );
    expect(await count("automations")).toBe(before);
    expect((await workflow("Specials", ["specials"])).statusCode).toBe(201);
  });

  it("an automated reply on the chatbot's number, and a marketing tool's word", async () => {
    const res = await autoReply("Menu answer", "exact", ["menu"], numberId);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "menu is already answered by the chatbot 'Table booking' on this number",
    );
    expect((await autoReply("Menu answer", "exact", ["menu"], secondId)).statusCode).toBe(400);
    const words = await autoReply("Specials", "contains", ["specials"], null);
    expect(words.json().error.message).toBe(
      "specials is already answered by the workflow 'Specials' on every number",
    );
    const before = await count("marketing_programs");
    const tool = await giveaway("MENU");
    expect(tool.statusCode).toBe(400);
    // A tool's word answers on every number: the keyword MENU of the second number is met first.
    expect(tool.json().error.message).toBe(
      "MENU is already answered by the keyword 'MENU' on (415) 555-0178",
    );
    expect(await count("marketing_programs")).toBe(before);
    expect((await giveaway("PIE")).statusCode).toBe(201);
    // And the other way round: a chatbot word a marketing tool answers first.
    const clash = await t.put(`/api/chatbots/${botId}`, bot({ triggerWords: ["MENU", "pie"] }), {
      cookie,
    });
    expect(clash.json().error.message).toBe(
      "pie is already answered by the giveaway 'Pie giveaway' on every number",
    );
  });
});

describe("one handler per text", () => {
  // Saved before the registry refused such pairs (the demo had one): the chatbot's MENU and a
  // workflow and an automated reply that also answer texts with "menu".
  let legacyId = 0;
  beforeAll(async () => {
    const legacy = await db.query<{ id: number }>(
      `insert into automations (account_id, kind, name, status, trigger)
       values ($1, 'workflow', 'Old specials', 'active', '{"type":"message.received","words":["menu"]}')
       returning id`,
      [account.id],
    );
    legacyId = legacy.rows[0]!.id;
    await db.query(
      `insert into automation_versions (automation_id, version, graph) values ($1, 1, $2)`,
      [
        legacyId,
        JSON.stringify({
          start: "s",
          steps: [{ id: "s", type: "send", body: "Old specials!", next: null }],
        }),
      ],
    );
    await db.query(
      `insert into auto_replies (account_id, name, match, words, reply, once_every_minutes, position)
       values ($1, 'Menu words', 'contains', '["menu"]', 'See our menu online', 0, 0)`,
      [account.id],
    );
  });

  it("MENU is answered by the chatbot only, once, and starts no workflow", async () => {
    const phone = "+13105550901";
    expect(await text(phone, "MENU")).toBe("recorded");
    const who = await subscriberOf(phone);
    const types = await relay(who);
    expect(types).toContain("message.received");
    expect(types).not.toContain("automation.text_matched");
    expect(await repliesTo(phone)).toEqual(["Our menu: soup, salad, pie."]);
    expect(await runsOf(who)).toEqual([]);
  });

  it("a text only the workflow matches starts it, and the automated reply stays silent", async () => {
    const phone = "+13105550902";
    // Not the chatbot's trigger word (it has trigger words, so it does not start on anything).
    await text(phone, "what's on the menu today?");
    const who = await subscriberOf(phone);
    expect(await relay(who)).toContain("automation.text_matched");
    expect(await runsOf(who)).toEqual([legacyId]);
    expect(await repliesTo(phone)).toEqual([]);
    // Inside it now: the next such text goes on to the automated reply.
    await text(phone, "is the menu online?");
    expect(await repliesTo(phone)).toEqual(["See our menu online"]);
  });
});
