import type { ChatbotInput } from "../../domain/chatbots";
import type { AppContext } from "../http/context";

/**
 * The demo's chatbot and campaign. The "Table booking" bot answers on the demo number when a
 * virtual phone texts MENU (a trigger word, so the other demo texts stay with the automated
 * replies and the inbox): a menu question, the booking name kept in the "Booking Name" field,
 * and a hand-off to the owner. The "Fall promotion" campaign groups the demo's fall sends (the
 * promotion and the seasonal menus) and its welcome drip. Runs once per kind: an account with a chatbot (or a campaign) is left alone.
 * Needs the demo number, sends and automations first.
 */
export async function seedDemoChatbots(ctx: AppContext): Promise<void> {
  if (!ctx.config.SEED_DEMO) return;
  const db = ctx.db.$client;
  const owner = (
    await db.query<{ account_id: number; id: number }>(
      `select account_id, id from users where lower(username) = $1`,
      [ctx.config.DEMO_USERNAME.toLowerCase()],
    )
  ).rows[0];
  if (!owner) return;
  const accountId = owner.account_id;
  const client = await db.connect();
  try {
    await client.query("begin");
    const hasBot = await client.query(`select 1 from chatbots where account_id = $1 limit 1`, [
      accountId,
    ]);
    const number = (
      await client.query<{ id: number }>(
        `select id from phone_numbers where account_id = $1 and state = 'active' order by id limit 1`,
        [accountId],
      )
    ).rows[0];
    if (!hasBot.rowCount && number) {
      const field = (
        await client.query<{ id: number }>(
          `insert into custom_fields (account_id, name, type) values ($1, 'Booking Name', 'string')
           on conflict (account_id, lower(name)) do update set name = excluded.name returning id`,
          [accountId],
        )
      ).rows[0]!.id;
      const tree: ChatbotInput["tree"] = {
        start: "s1",
        nodes: [
          {
            id: "s1",
            type: "question",
            text: "Hi from Parley Demo Coffee! What can we do for you?",
            choices: [
              { label: "Book a table", next: "s2" },
              { label: "Opening hours", next: "s4" },
            ],
            noMatch: "Sorry, I did not get that.",
          },
          {
            id: "s2",
            type: "collect",
            text: "Lovely! What name is the booking under?",
            saveTo: "field",
            fieldId: field,
            next: "s3",
          },
          {
            id: "s3",
            type: "handoff",
            text: "Thanks! A barista will confirm your table here shortly.",
            userId: owner.id,
          },
          { id: "s4", type: "end", text: "We're open Mon-Fri 7am-6pm and weekends 8am-4pm." },
        ],
      };
      await client.query(
        `insert into chatbots (account_id, phone_number_id, name, enabled, trigger_words, tree)
         values ($1, $2, 'Table booking', true, '["MENU"]', $3)`,
        [accountId, number.id, JSON.stringify(tree)],
      );
    }
    const hasCampaign = await client.query(
      `select 1 from campaigns where account_id = $1 limit 1`,
      [accountId],
    );
    if (!hasCampaign.rowCount) {
      const campaignId = (
        await client.query<{ id: number }>(
          `insert into campaigns (account_id, name) values ($1, 'Fall promotion') returning id`,
          [accountId],
        )
      ).rows[0]!.id;
      await client.query(
        `insert into campaign_members (campaign_id, send_id)
         select $1, s.id from sends s
          where s.account_id = $2 and (s.text ilike '%fall is here%' or s.text ilike '%seasonal menu%')
            and not exists (select 1 from campaign_members m where m.send_id = s.id)
          order by s.id`,
        [campaignId, accountId],
      );
      await client.query(
        `insert into campaign_members (campaign_id, automation_id)
         select $1, a.id from automations a
          where a.account_id = $2 and a.kind = 'drip' and a.name = 'Loyalty Club welcome'
            and not exists (select 1 from campaign_members m where m.automation_id = a.id)`,
        [campaignId, accountId],
      );
    }
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
