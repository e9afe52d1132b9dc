import { textContains } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";
import { recordEvent } from "../events/events.service";
import { textStartableFlows } from "./automations.queries";

/** The event that puts a person into the workflows their text started (enrol.ts takes it). */
export const TEXT_TRIGGER_EVENT = "automation.text_matched";

/**
 * The workflows' step of the inbound path, after compliance, marketing tools, keywords and the
 * chatbot: an active workflow (or drip) that starts on "a text containing" these words takes the
 * text when the person is not inside it already. The entry itself is an account event, written
 * after the text's message.received, so the engine notes the text as a reply to what the person
 * was in before it enters them (never as a reply to the workflow it starts). True when taken.
 */
export async function startWorkflowsByText(
  ctx: AppContext,
  m: { accountId: number; subscriberId: number | null; body: string; messageId: number },
): Promise<boolean> {
  if (m.subscriberId === null) return false;
  const flows = await textStartableFlows(ctx.db.$client, m.accountId, m.subscriberId);
  const ids = flows.filter((a) => textContains(m.body, a.words ?? [])).map((a) => a.id);
  if (!ids.length) return false;
  await recordEvent(ctx.db, {
    accountId: m.accountId,
    type: TEXT_TRIGGER_EVENT,
    subscriberId: m.subscriberId,
    data: { automationIds: ids, messageId: m.messageId },
  });
  return true;
}
