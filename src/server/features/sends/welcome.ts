import { timezoneById } from "../../../domain/timezones";
import type { AppContext } from "../../http/context";
import { wakePipeline } from "../outbound/wake";

/**
 * Texts a static group's welcome message to subscribers who have just joined it (one at a time
 * from the subscriber form, or added on the group's page). It goes out as a send of its own, so
 * it follows every rule of the pipeline (opt-outs, quiet hours, credits) and shows in the
 * sent-messages report. Bulk imports do not trigger it: people on an imported list did not ask.
 */
export async function welcomeNewMembers(
  ctx: AppContext,
  accountId: number,
  groupId: number,
  subscriberIds: number[],
): Promise<void> {
  if (!subscriberIds.length) return;
  const db = ctx.db.$client;
  const res = await db.query<{
    welcome: string;
    name: string;
    timezoneId: number;
    numberId: number | null;
  }>(
    `select g.welcome_message as welcome, g.name, a.timezone_id as "timezoneId",
            (select p.id from phone_numbers p where p.account_id = a.id and p.state = 'active'
              order by p.included desc, p.id limit 1) as "numberId"
       from groups g join accounts a on a.id = g.account_id
      where g.id = $1 and g.account_id = $2 and g.type = 'static'`,
    [groupId, accountId],
  );
  const group = res.rows[0];
  if (!group?.welcome.trim() || group.numberId === null) return;
  const form = {
    kind: "welcome",
    groupId,
    groupName: group.name,
    message: group.welcome,
    isSMS: true,
    isSubscribers: "true",
    subscriberIds,
  };
  await db.query(
    `insert into sends (account_id, phone_number_id, form, text, recipients, timezone, status, next_run_at)
     values ($1, $2, $3, $4, $5, $6, 'scheduled', now())`,
    [
      accountId,
      group.numberId,
      JSON.stringify(form),
      group.welcome,
      JSON.stringify({ mode: "subscribers", subscriberIds, groupIds: [] }),
      timezoneById(group.timezoneId).iana,
    ],
  );
  await wakePipeline(db);
}
