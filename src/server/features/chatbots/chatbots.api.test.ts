import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ChatbotInput } from "../../../domain/chatbots";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { answerByChatbot } from "./chatbot-inbound";

const t = await createTestServer();
const db = t.db.$client;
const OURS = "+14155550188";
const { account, user } = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
const otherCookie = await loginAs(t.app, other.user.username, other.user.password);
const numberId = (
  await db.query<{ id: number }>(
    `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, 'PNbot', true) returning id`,
    [account.id, OURS],
  )
).rows[0]!.id;
await db.query(
  `insert into account_credits (account_id, balance, period_allowance) values ($1, 1000, 1000)`,
  [account.id],
);
const fieldId = (
  await db.query<{ id: number }>(
    `insert into custom_fields (account_id, name, type) values ($1, 'Name', 'string') returning id`,
    [account.id],
  )
).rows[0]!.id;

const tree = (): ChatbotInput["tree"] => ({
  start: "menu",
  nodes: [
    {
      id: "menu",
      type: "question",
      text: "Hi! What can we do for you?",
      choices: [
        { label: "Book a table", next: "name" },
        { label: "Opening hours", next: "hours" },
      ],
      noMatch: "Sorry, I did not get that.",
    },
    {
      id: "name",
      type: "collect",
      text: "What name is the booking under?",
      saveTo: "field",
      fieldId,
      next: "hand",
    },
    {
      id: "hand",
      type: "handoff",
      text: "Thanks! A person will confirm shortly.",
      userId: user.id,
    },
    { id: "hours", type: "end", text: "We are open 7am to 6pm." },
  ],
});

const body = (over: Partial<ChatbotInput> = {}): ChatbotInput => ({
  name: "Front desk",
  phoneNumberId: numberId,
  enabled: true,
  triggerWords: [],
  tree: tree(),
  ...over,
});

const text = (from: string, words: string) =>
  receiveInbound(t.ctx, {
    sid: `SM${randomBytes(16).toString("hex")}`,
    from,
    to: OURS,
    body: words,
    mediaUrls: [],
    segments: 1,
  });

const repliesTo = async (phone: string) =>
  (
    await db.query<{ body: string; source: string; credits: number }>(
      `select body, source, credits from messages where to_number = $1 and direction = 'outbound' order by id`,
      [phone],
    )
  ).rows;

const balance = async () =>
  (
    await db.query<{ balance: number }>(
      `select balance from account_credits where account_id = $1`,
      [account.id],
    )
  ).rows[0]!.balance;

let botId = 0;

describe("chatbots", () => {
  it("refuses a tree with a missing step, another account's number or field, and bad ids", async () => {
    const dangling = body({
      tree: { start: "menu", nodes: [{ id: "menu", type: "message", text: "Hi", next: "gone" }] },
    });
    const res = await t.post("/api/chatbots", dangling, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Step "menu" leads to a missing step');
    const loop = body({
      tree: {
        start: "a",
        nodes: [
          { id: "a", type: "message", text: "Hi", next: "b" },
          { id: "b", type: "message", text: "Again", next: "a" },
        ],
      },
    });
    expect((await t.post("/api/chatbots", loop, { cookie })).json().error.message).toMatch(
      /loop with no question/,
    );
    const theirs = await t.post("/api/chatbots", body(), { cookie: otherCookie });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.message).toBe("Choose a number of this account");
    expect(
      (await t.post("/api/chatbots", { ...body(), phoneNumberId: 2 ** 31 }, { cookie })).statusCode,
    ).toBe(400);
    expect((await db.query(`select 1 from chatbots`)).rowCount).toBe(0);
  });

  it("is created per number, listed with its number, and another account sees 404", async () => {
    const res = await t.post("/api/chatbots", body(), { cookie });
    expect(res.statusCode, res.body).toBe(201);
    botId = res.json().id;
    expect(res.json()).toMatchObject({
      number: OURS,
      longcodeId: numberId,
      steps: 4,
      enabled: true,
    });
    const again = await t.post("/api/chatbots", body({ name: "Second" }), { cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("This number already has a chatbot");
    const list = await t.get("/api/chatbots", { cookie });
    expect(list.json()).toMatchObject({
      disabled: false,
      rows: [{ id: botId, name: "Front desk" }],
    });
    expect((await t.get("/api/chatbots", { cookie: otherCookie })).json().rows).toEqual([]);
    expect((await t.get(`/api/chatbots/${botId}`, { cookie: otherCookie })).statusCode).toBe(404);
    expect(
      (await t.put(`/api/chatbots/${botId}`, body(), { cookie: otherCookie })).statusCode,
    ).toBe(400);
    expect(
      (await t.post(`/api/chatbots/${botId}/enabled`, { enabled: false }, { cookie: otherCookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: "DELETE", url: `/api/chatbots/${botId}`, cookie: otherCookie }))
        .statusCode,
    ).toBe(404);
    expect((await t.get(`/api/chatbots/${botId}`, { cookie })).json().enabled).toBe(true);
  });

  it("walks a person through the tree: choices, a name kept in a field, a hand-off with a notice; 3 credits a reply", async () => {
    const phone = "+13105550301";
    const before = await balance();
    await text(phone, "hello");
    expect(await repliesTo(phone)).toEqual([
      {
        body: "Hi! What can we do for you?\n1. Book a table\n2. Opening hours",
        source: "chatbot",
        credits: 3,
      },
    ]);
    await text(phone, "maybe");
    expect((await repliesTo(phone)).at(-1)!.body).toBe(
      "Sorry, I did not get that.\nHi! What can we do for you?\n1. Book a table\n2. Opening hours",
    );
    await text(phone, "1");
    expect((await repliesTo(phone)).at(-1)!.body).toBe("What name is the booking under?");
    await text(phone, "  Ada Lovelace ");
    const sent = await repliesTo(phone);
    expect(sent.at(-1)!.body).toBe("Thanks! A person will confirm shortly.");
    expect(sent).toHaveLength(4);
    expect(await balance()).toBe(before - 4 * 3);
    const ledger = await db.query(
      `select delta from credit_ledger where account_id = $1 and description like 'Chatbot reply%'`,
      [account.id],
    );
    expect(ledger.rows.map((r) => r.delta)).toEqual([-3, -3, -3, -3]);

    const sub = (
      await db.query(
        `select id, attributes from subscribers where account_id = $1 and phone = $2`,
        [account.id, phone],
      )
    ).rows[0];
    expect(sub.attributes[String(fieldId)]).toBe("Ada Lovelace");
    const conv = (
      await db.query(
        `select assigned_user_id, has_chatbot, last_message_type from conversations where subscriber_id = $1`,
        [sub.id],
      )
    ).rows[0];
    expect(conv).toEqual({
      assigned_user_id: user.id,
      has_chatbot: true,
      last_message_type: "Chatbot",
    });
    const notice = await db.query(
      `select title, link from notifications where user_id = $1 and kind = 'conversation_assigned'`,
      [user.id],
    );
    expect(notice.rows).toEqual([
      { title: "Front desk handed over a conversation", link: `/inbox?conversation=${sub.id}` },
    ]);

    // The inbox marks the bot's texts and its chatbot-only filter finds them.
    const thread = await t.get(
      `/api/inbox/conversations/${sub.id}/messages?pageSize=50&isOnlyChatbotMessages=true`,
      { cookie },
    );
    expect(thread.statusCode, thread.body).toBe(200);
    const rows = thread.json().rows as { type: string }[];
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.type === "Chatbot")).toBe(true);
    const only = await t.get("/api/inbox/conversations?isOnlyChatbot=true", { cookie });
    expect(only.statusCode, only.body).toBe(200);
    expect(JSON.stringify(only.json())).toContain(phone);

    // Handed off: the next text is the person's to answer, not the bot's.
    await text(phone, "Is 7pm fine?");
    expect(await repliesTo(phone)).toHaveLength(4);
    const s = await t.get(`/api/chatbots/${botId}`, { cookie });
    expect(s.json()).toMatchObject({ handedOff: 1, replies: 4 });
  });

  it("lets STOP and HELP win: compliance answers them and STOP ends the session", async () => {
    const phone = "+13105550302";
    await text(phone, "hi");
    await text(phone, "HELP");
    const afterHelp = await repliesTo(phone);
    expect(afterHelp.map((m) => m.source)).toEqual(["chatbot", "compliance"]);
    await text(phone, "STOP");
    const afterStop = await repliesTo(phone);
    expect(afterStop.map((m) => m.source)).toEqual(["chatbot", "compliance", "compliance"]);
    const session = await db.query(
      `select x.status from chatbot_sessions x join subscribers s on s.id = x.subscriber_id where s.phone = $1`,
      [phone],
    );
    expect(session.rows).toEqual([{ status: "stopped" }]);
  });

  it("answers a text once: a crash mid-turn answers nothing, a second delivery nothing more", async () => {
    const phone = "+13105550303";
    const sub = Number(
      (
        await db.query<{ id: string }>(
          `insert into subscribers (account_id, phone) values ($1, $2) returning id`,
          [account.id, phone],
        )
      ).rows[0]!.id,
    );
    const inbound = Number(
      (
        await db.query<{ id: string }>(
          `insert into messages (account_id, direction, phone_number_id, from_number, to_number, body, status, subscriber_id)
           values ($1, 'inbound', $2, $3, $4, 'hello', 'Received', $5) returning id`,
          [account.id, numberId, phone, OURS, sub],
        )
      ).rows[0]!.id,
    );
    const m = {
      accountId: account.id,
      number: { id: numberId, number: OURS },
      from: phone,
      body: "hello",
      subscriberId: sub,
      messageId: inbound,
    };
    const before = await balance();
    // The process dies between the reply and the commit: the turn's mark fails to be written.
    await db.query(`
      create function crash_turn() returns trigger language plpgsql as $$
      begin raise exception 'worker killed'; end $$;
      create trigger crash_turn before update on chatbot_sessions
        for each row execute function crash_turn();`);
    await expect(answerByChatbot(t.ctx, m)).rejects.toThrow(/worker killed/);
    await db.query(`drop trigger crash_turn on chatbot_sessions; drop function crash_turn();`);
    expect(await repliesTo(phone)).toEqual([]);
    expect(await balance()).toBe(before);
    // Redelivered (twice, at once): one answer, one charge.
    const both = await Promise.all([answerByChatbot(t.ctx, m), answerByChatbot(t.ctx, m)]);
    expect(both).toEqual([true, true]);
    expect(await answerByChatbot(t.ctx, m)).toBe(true);
    expect(await repliesTo(phone)).toHaveLength(1);
    expect(await balance()).toBe(before - 3);
  });

  it("stays silent when turned off, or when the platform turns chatbots off; automated replies answer then", async () => {
    const phone = "+13105550304";
    await db.query(
      `insert into auto_replies (account_id, name, match, words, reply, once_every_minutes) values ($1, 'Any', 'contains', '["hi"]', 'Auto hello', 0)`,
      [account.id],
    );
    await db.query(
      `insert into global_settings (name, value) values ('chatbot_disabled', 'true')
       on conflict (name) do update set value = 'true'`,
    );
    expect((await t.get("/api/chatbots", { cookie })).json().disabled).toBe(true);
    await text(phone, "hi");
    expect((await repliesTo(phone)).map((m) => m.source)).toEqual(["auto_reply"]);
    await db.query(`update global_settings set value = 'false' where name = 'chatbot_disabled'`);
    const off = await t.post(`/api/chatbots/${botId}/enabled`, { enabled: false }, { cookie });
    expect(off.json().enabled).toBe(false);
    await text("+13105550305", "hi");
    expect((await repliesTo("+13105550305")).map((m) => m.source)).toEqual(["auto_reply"]);
    await t.post(`/api/chatbots/${botId}/enabled`, { enabled: true }, { cookie });
    await text("+13105550306", "hi");
    expect((await repliesTo("+13105550306")).map((m) => m.source)).toEqual(["chatbot"]);
    await db.query(`delete from auto_replies where account_id = $1`, [account.id]);
  });

  it("answers only on the number it is set on ('Number it answers on')", async () => {
    const SECOND = "+14155550189";
    await db.query(
      `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, 'PNbot2', true)`,
      [account.id, SECOND],
    );
    await receiveInbound(t.ctx, {
      sid: `SM${randomBytes(16).toString("hex")}`,
      from: "+13105550318",
      to: SECOND,
      body: "hi",
      mediaUrls: [],
      segments: 1,
    });
    expect(await repliesTo("+13105550318")).toEqual([]);
    await text("+13105550318", "hi");
    expect((await repliesTo("+13105550318")).map((m) => m.source)).toEqual(["chatbot"]);
  });

  it("with trigger words, starts only on one of them and a trigger word starts afresh", async () => {
    const saved = await t.put(`/api/chatbots/${botId}`, body({ triggerWords: ["BOOK"] }), {
      cookie,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const phone = "+13105550307";
    await text(phone, "hello there");
    expect(await repliesTo(phone)).toEqual([]);
    await text(phone, "book");
    await text(phone, "2");
    expect((await repliesTo(phone)).map((m) => m.body.split("\n")[0])).toEqual([
      "Hi! What can we do for you?",
      "We are open 7am to 6pm.",
    ]);
    const del = await t.request({ method: "DELETE", url: `/api/chatbots/${botId}`, cookie });
    expect(del.statusCode).toBe(204);
    await text(phone, "book");
    expect(await repliesTo(phone)).toHaveLength(2);
  });

  it("keeps answers as the subscriber's first and last name; a field step needs its field", async () => {
    const names = body({
      name: "Names",
      tree: {
        start: "first",
        nodes: [
          {
            id: "first",
            type: "collect",
            text: "Your first name?",
            saveTo: "first_name",
            fieldId: null,
            next: "last",
          },
          {
            id: "last",
            type: "collect",
            text: "Your last name?",
            saveTo: "last_name",
            fieldId: null,
            next: "bye",
          },
          { id: "bye", type: "end", text: "Thanks!" },
        ],
      },
    });
    const noField = structuredClone(names);
    noField.tree.nodes[0] = { ...noField.tree.nodes[0]!, saveTo: "field", fieldId: null } as never;
    const refused = await t.post("/api/chatbots", noField, { cookie });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Step "first": choose where the answer is kept');
    const odd = structuredClone(names) as unknown as { tree: { nodes: { saveTo?: string }[] } };
    odd.tree.nodes[0]!.saveTo = "nickname";
    expect((await t.post("/api/chatbots", odd, { cookie })).statusCode).toBe(400);
    expect((await db.query(`select 1 from chatbots`)).rowCount).toBe(0);

    const res = await t.post("/api/chatbots", names, { cookie });
    expect(res.statusCode, res.body).toBe(201);
    const phone = "+13105550308";
    await text(phone, "hi");
    await text(phone, "  Grace ");
    await text(phone, "Hopper");
    expect((await repliesTo(phone)).map((m) => m.body)).toEqual([
      "Your first name?",
      "Your last name?",
      "Thanks!",
    ]);
    const sub = await db.query(
      `select first_name, last_name from subscribers where account_id = $1 and phone = $2`,
      [account.id, phone],
    );
    expect(sub.rows).toEqual([{ first_name: "Grace", last_name: "Hopper" }]);
  });
});
