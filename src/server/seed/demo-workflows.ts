import type { AutomationGraph } from "../../domain/automation-graph";
import { autoLayout } from "../../domain/workflow-builder";
import type { AppContext } from "../http/context";

/**
 * The demo's workflow, running against its virtual phones: text SPECIALS to the demo number and
 * it sends the specials (MENU is the "Table booking" chatbot's word: one owner per word), waits
 * a day for an answer, thanks those who answer (and puts them in
 * Morning Regulars), and nudges those who do not. Runs once: an account with a workflow is left
 * alone. Needs the demo subscribers (groups) first.
 */
export async function seedDemoWorkflows(ctx: AppContext): Promise<void> {
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
    `select 1 from automations where account_id = $1 and kind = 'workflow' limit 1`,
    [accountId],
  );
  if (any.rowCount) return;
  const regulars = (
    await db.query<{ id: number }>(
      `select id from groups where account_id = $1 and name = 'Morning Regulars'`,
      [accountId],
    )
  ).rows[0];

  const graph: AutomationGraph = {
    start: "send1",
    steps: [
      {
        id: "send1",
        type: "send",
        label: "Today's specials",
        body: "Today's specials: oat latte, cold brew, chai. Reply with your pick and we'll have it ready, [first name]!",
        next: "reply1",
      },
      {
        id: "reply1",
        type: "wait_reply",
        timeoutMinutes: 1440,
        onReply: "send2",
        onTimeout: "send3",
      },
      {
        id: "send2",
        type: "send",
        label: "Thanks",
        body: "Got it! It'll be waiting at the counter.",
        next: regulars ? "add1" : "end1",
      },
      ...(regulars
        ? [{ id: "add1", type: "add_group" as const, groupId: regulars.id, next: "end1" }]
        : []),
      {
        id: "send3",
        type: "send",
        label: "Nudge",
        body: "Still deciding? The specials run until 4pm.",
        next: "end1",
      },
      { id: "end1", type: "end" },
    ],
  };
  const client = await db.connect();
  try {
    await client.query("begin");
    const id = (
      await client.query<{ id: number }>(
        `insert into automations (account_id, kind, name, status, trigger, exit_on_reply, layout)
         values ($1, 'workflow', 'Specials menu', 'active', $2, false, $3) returning id`,
        [
          accountId,
          JSON.stringify({ type: "message.received", words: ["specials"] }),
          JSON.stringify({ positions: autoLayout(graph) }),
        ],
      )
    ).rows[0]!.id;
    await client.query(
      `insert into automation_versions (automation_id, version, graph) values ($1, 1, $2)`,
      [id, JSON.stringify(graph)],
    );
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
