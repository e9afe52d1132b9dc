import type { UnhealthySubscriber } from "../../../domain/unhealthy-subscribers.schemas";
import type { UnhealthyRow } from "./unhealthy.queries";

export function toUnhealthySubscriber(row: UnhealthyRow): UnhealthySubscriber {
  return {
    id: row.id,
    phone: row.phone,
    firstName: row.firstName,
    lastName: row.lastName,
    reason: row.reason,
    source: row.source,
    errorCode: row.errorCode,
    lastFailureAt: row.lastFailureAt?.toISOString() ?? null,
    failures: row.failures,
  };
}
