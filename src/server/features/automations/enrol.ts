import type { AccountEventType } from "../events/events.service";
import type { Sql } from "./automations.queries";
import {
  activeAutomationsOfTypes,
  enrol,
  exitRuns,
  exitRunsOfLeftGroups,
  exitRunsReplied,
  markRunsClicked,
  markRunsReplied,
  moveRunsToReplyBranch,
  scanDateTriggers,
} from "./engine.queries";
import { loadGraphs } from "./graphs";
import { TEXT_TRIGGER_EVENT } from "./text-triggers";

export type { Sql };
export { enrol, exitRuns, scanDateTriggers };

/** One account event as the relay hands it over (src/server/features/events). */
export interface EngineEvent {
  accountId: number;
  type: string;
  subscriberId: number | null;
  data: Record<string, unknown>;
}

/** Does this event start this automation? */
function starts(automationId: number, trigger: Record<string, unknown>, e: EngineEvent): boolean {
  // A text's workflows were chosen by the inbound path, after whatever took the text before them.
  if (e.type === TEXT_TRIGGER_EVENT)
    return (
      trigger.type === "message.received" &&
      Array.isArray(e.data.automationIds) &&
      e.data.automationIds.map(Number).includes(automationId)
    );
  if (trigger.type !== e.type) return false;
  switch (e.type) {
    case "group.joined":
      return Number(e.data.groupId) === trigger.groupId;
    case "keyword.joined":
      return trigger.keywordId == null || Number(e.data.keywordId) === trigger.keywordId;
    case "optin_form.submitted":
      return trigger.formId == null || Number(e.data.formId) === trigger.formId;
    case "link.clicked":
      return trigger.linkId == null || Number(e.data.linkId) === trigger.linkId;
    default:
      return true;
  }
}

const ENTRY_TYPES = new Set<string>([
  "group.joined",
  "keyword.joined",
  "form.submitted",
  "optin_form.submitted",
  "link.clicked",
  TEXT_TRIGGER_EVENT,
]);

/** Every type handleEngineEvents reads: what moves people inside, then the entries. */
export const ENGINE_EVENT_TYPES: readonly AccountEventType[] = [
  ...new Set<AccountEventType>([
    "subscriber.opted_out",
    "group.left",
    "link.clicked",
    "message.received",
    ...(ENTRY_TYPES as Set<AccountEventType>),
  ]),
];

/**
 * The automations consumer of the account events: entries (a group joined, a keyword, a form,
 * a click, a text), and what moves people already inside (a reply ends a wait for it or takes
 * them out; an opt-out takes them out of everything; leaving the trigger's group takes them out).
 * Called by the relay inside the transaction that acknowledges the events: all or nothing.
 */
export async function handleEngineEvents(db: Sql, events: readonly EngineEvent[]): Promise<void> {
  const withPerson = events.filter((e) => e.subscriberId !== null);
  if (!withPerson.length) return;

  const optedOut = withPerson
    .filter((e) => e.type === "subscriber.opted_out")
    .map((e) => e.subscriberId!);
  if (optedOut.length) await exitRuns(db, optedOut, "opted_out");

  const left = withPerson.filter((e) => e.type === "group.left");
  if (left.length)
    await exitRunsOfLeftGroups(
      db,
      left.map((e) => e.subscriberId!),
      left.map((e) => Number(e.data.groupId)),
    );

  const clicked = withPerson.filter((e) => e.type === "link.clicked").map((e) => e.subscriberId!);
  if (clicked.length) await markRunsClicked(db, clicked);

  const replies = withPerson
    .filter((e) => e.type === "message.received")
    .map((e) => e.subscriberId!);
  if (replies.length) await onReplies(db, replies);

  // Entries last, so a text that starts an automation is not also taken as a reply to it.
  const entries = withPerson.filter((e) => ENTRY_TYPES.has(e.type));
  if (!entries.length) return;
  const accounts = [...new Set(entries.map((e) => e.accountId))];
  const autos = await activeAutomationsOfTypes(db, accounts, [
    ...new Set(entries.map((e) => (e.type === TEXT_TRIGGER_EVENT ? "message.received" : e.type))),
  ]);
  if (!autos.length) return;
  const rows: { automationId: number; subscriberId: number }[] = [];
  for (const e of entries)
    for (const a of autos)
      if (a.account_id === e.accountId && starts(a.id, a.trigger, e))
        rows.push({ automationId: a.id, subscriberId: e.subscriberId! });
  await enrol(db, rows);
}

/**
 * A reply: noted on every run of the person; a run waiting for a reply goes on at its reply
 * branch now; a run of an automation that ends on a reply ends (exited, replied).
 */
async function onReplies(db: Sql, subscriberIds: number[]) {
  const r = await markRunsReplied(db, subscriberIds);
  const waiting = r.filter((x) => x.waiting_reply);
  const exiting = r.filter((x) => !x.waiting_reply && x.exit_on_reply);
  if (exiting.length)
    await exitRunsReplied(
      db,
      exiting.map((x) => x.id),
    );
  if (!waiting.length) return;
  const graphs = await loadGraphs(
    db as unknown as Parameters<typeof loadGraphs>[0],
    waiting.map((x) => ({ automationId: x.automation_id, version: x.version })),
  );
  const ids: number[] = [];
  const steps: (string | null)[] = [];
  for (const w of waiting) {
    const g = graphs.get(`${w.automation_id}:${w.version}`);
    // The run's step is the timeout branch; the wait step that points there holds the reply branch.
    const wait = g?.graph.steps.find((s) => s.type === "wait_reply" && s.onTimeout === w.step_id);
    ids.push(w.id);
    steps.push(wait?.type === "wait_reply" ? wait.onReply : null);
  }
  await moveRunsToReplyBranch(db, ids, steps);
}
