import type { AuditEventDto } from "../../../domain/audit";
import type { AuditRow } from "./audit.queries";

/** What leaves the server of a row: everything but the chain's hashes. */
export function toAuditEvent(r: AuditRow): AuditEventDto {
  return {
    id: Number(r.id),
    at: r.at.toISOString(),
    actorKind: r.actorKind,
    actorId: r.actorId,
    actorName: r.actorName,
    actingAccountId: r.actingAccountId,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    targetLabel: r.targetLabel,
    changes: (r.changes ?? {}) as Record<string, unknown>,
    ip: r.ip,
    userAgent: r.userAgent,
  };
}
