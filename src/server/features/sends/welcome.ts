import { timezoneById } from "../../../domain/timezones";
import type { AppContext } from "../../http/context";
import { wakePipeline } from "../outbound/wake";
import * as q from "./sends.queries";

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
  const group = await q.welcomeOfGroup(db, accountId, groupId);
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
  await q.insertWelcomeSend(db, {
    accountId,
    phoneNumberId: group.numberId,
    form,
    text: group.welcome,
    recipients: { mode: "subscribers", subscriberIds, groupIds: [] },
    timezone: timezoneById(group.timezoneId).iana,
  });
  await wakePipeline(db);
}
