import type { Worded } from "../../../domain/phrase";
import type { QuietWindow } from "../../../domain/quiet-hours";
import { outsideHoursNote, paceEstimate, type RecipientGroup } from "../../../domain/send-wait";
import type { AppContext } from "../../http/context";
import * as q from "./outbound.queries";
import { areaOf, recipientState } from "./recipient-geo";

/**
 * What the composer says before a send: who may not get it now (legal hours, the account's quiet
 * hours), and how long it takes.
 */
export interface SendOutlook {
  /** "37 of 200 recipients are outside legal hours now; they get it from 8:00 AM their time". */
  outsideHours: Worded | null;
  /** "about 4 minutes at this number's pace (1 text a second)". */
  pace: Worded | null;
}

/**
 * The composer's outlook for a marketing send from this number to these recipients (phones
 * counted by area code and address state), asked of the dispatcher's own facts: the recipient's
 * state as the dispatcher reads it (recipientState: the address's, else the area code's), the
 * zone from the area code table (the account's zone where it knows none), the law's hours when they apply
 * (SEND_WINDOWS=law), the account's quiet hours in each recipient's zone, and the number's pace.
 */
export async function sendOutlook(
  ctx: AppContext,
  input: {
    accountId: number;
    phoneNumberId: number | null;
    accountZone: string;
    /**
     * Recipients by the first five characters of their phone (+1 and the area code) and the state
     * written in their address (null: none).
     */
    byPrefix: readonly { prefix: string; addressState?: string | null; n: number }[];
  },
): Promise<SendOutlook> {
  const total = input.byPrefix.reduce((a, g) => a + g.n, 0);
  let outsideHours: Worded | null = null;
  if (total > 0) {
    const facts = await q.accountSendFacts(ctx.db.$client, [input.accountId]);
    const quiet = facts.rows[0]?.quietHours;
    const groups: RecipientGroup[] = input.byPrefix.map((g) => {
      const phone = `${g.prefix}5550100`;
      const area = g.prefix.length === 5 ? areaOf(phone) : undefined;
      return {
        state: recipientState(phone, g.addressState),
        timeZone: area?.timeZone ?? input.accountZone,
        count: g.n,
      };
    });
    outsideHours = outsideHoursNote(groups, ctx.clock.now(), {
      lawfulHours: ctx.config.SEND_WINDOWS === "law",
      quietHours: Array.isArray(quiet) ? (quiet as QuietWindow[]) : [],
    });
  }
  let pace: Worded | null = null;
  if (input.phoneNumberId !== null && total > 0) {
    const res = await q.paceOfNumber(
      ctx.db.$client,
      input.phoneNumberId,
      input.accountId,
      ctx.config.SEND_MPS_TOLL_FREE,
      ctx.config.SEND_MPS_LONG_CODE,
    );
    const mps = res.rows[0]?.mps;
    if (mps) pace = paceEstimate(total, Number(mps));
  }
  return { outsideHours, pace };
}
