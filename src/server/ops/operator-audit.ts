import os from "node:os";
import { systemClock } from "../clock";
import type { Db } from "../db/connection";
import { type AuditEvent, recordOperatorAudit } from "../features/audit/audit.service";

/**
 * Who ran the admin command, as the account's audit log names them: the machine's user (the one
 * behind sudo when there is one), since the command has no session.
 */
export function operatorName(): string {
  let who = process.env.SUDO_USER || "";
  try {
    who ||= os.userInfo().username;
  } catch {
    // A user id with no name (some containers): the command alone names it.
  }
  who ||= process.env.USER || "";
  return who ? `Operator (admin command, ${who})` : "Operator (admin command)";
}

/** One row in the account's audit log for an admin command's change. */
export function auditByOperator(db: Db, accountId: number, event: AuditEvent): Promise<void> {
  return recordOperatorAudit({ db, clock: systemClock }, accountId, operatorName(), event);
}
