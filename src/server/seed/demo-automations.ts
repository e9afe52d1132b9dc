import { dripToGraph } from "../../domain/automation-graph";
import type { AppContext } from "../http/context";

/**
 * One of each automation for the demo account, running against its virtual phones: an automated
 * reply (text "hours" to the demo number), a welcome drip for people who join the Loyalty Club
 * and a yearly birthday drip on the Birthday field (paused). Runs once: an account with any automation or
 * automated reply is left alone. Needs the demo subscribers (groups, fields) first.
 */
export async function seedDemoAutomations(ctx: AppContext): Promise<void> {
  if (!ctx.config.SEED_DEMO) return;
  const db = ctx.db.$client;
  const owner = (
    await db.query<{ account_id: number }>(
      `select account_id from users where lower(username) = $1`,
      [ctx.config.DEMO_USERNAME.toLowerCase()],
    )
  ).rows[0];
  if (!owner) return;
  const accountId = owner.account_id;
  const any = await db.query(
    `select 1 from automations where account_id = $1 union all select 1 from auto_replies where account_id = $1 limit 1`,
    [accountId],
  );
  if (any.rowCount) return;
  const group = (
    await db.query<{ id: number }>(
      `select id from groups where account_id = $1 and name = 'Loyalty Club'`,
      [accountId],
    )
  ).rows[0];
  const birthday = (
    await db.query<{ id: number }>(
      `select id from custom_fields where account_id = $1 and name = 'Birthday' and type = 'date'`,
      [accountId],
    )
  ).rows[0];

  const client = await db.connect();
  try {
    await client.query("begin");
    await client.query(
      `insert into auto_replies (account_id, name, match, words, reply, once_every_minutes, position)
       values ($1, 'Opening hours', 'contains', '["hours"]', $2, 1440, 0)`,
      [accountId, "We're open Mon-Fri 7am-6pm and weekends 8am-4pm. See you soon!"],
    );
    const drip = async (
      name: string,
      status: "active" | "paused",
      trigger: object,
      steps: Parameters<typeof dripToGraph>[0],
    ) => {
      const id = (
        await client.query<{ id: number }>(
          `insert into automations (account_id, kind, name, status, trigger) values ($1, 'drip', $2, $3, $4) returning id`,
          [accountId, name, status, JSON.stringify(trigger)],
        )
      ).rows[0]!.id;
      await client.query(
        `insert into automation_versions (automation_id, version, graph) values ($1, 1, $2)`,
        [id, JSON.stringify(dripToGraph(steps))],
      );
    };
    if (group)
      await drip("Loyalty Club welcome", "active", { type: "group.joined", groupId: group.id }, [
        {
          wait: { mode: "delay", amount: 0, unit: "minutes", weekdaysOnly: false },
          body: "Welcome to the Loyalty Club, [first name]! Every 10th coffee is on us.",
        },
        {
          wait: { mode: "time_of_day", days: 2, time: "09:00", weekdaysOnly: true },
          body: "Tip: order ahead by texting your drink to this number.",
        },
      ]);
    if (birthday)
      await drip(
        "Birthday treat",
        // Paused until the owner starts it: demo birthdays would text people on the first day.
        "paused",
        { type: "date_field", fieldId: birthday.id, repeat: "yearly", daysBefore: 0 },
        [
          {
            wait: { mode: "time_of_day", days: 0, time: "10:00", weekdaysOnly: false },
            body: "Happy birthday, [first name]! Your next drink is on the house today.",
          },
        ],
      );
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
