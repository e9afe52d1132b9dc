import { MESSAGE_BUNDLES } from "../../../domain/billing";
import type { Queryable } from "../credits/credits.service";

export interface AutoTopupSettings {
  enabled: boolean;
  threshold: number;
  bundleQty: number;
  lastTopupAt: Date | null;
  lastFailure: string | null;
}

const COLUMNS = `enabled, threshold, bundle_qty as "bundleQty", last_topup_at as "lastTopupAt",
  last_failure as "lastFailure"`;

export async function autoTopupOf(db: Queryable, accountId: number): Promise<AutoTopupSettings> {
  const res = await db.query<AutoTopupSettings>(
    `select ${COLUMNS} from auto_topup_settings where account_id = $1`,
    [accountId],
  );
  return (
    res.rows[0] ?? {
      enabled: false,
      threshold: 100,
      bundleQty: MESSAGE_BUNDLES[0].qty,
      lastTopupAt: null,
      lastFailure: null,
    }
  );
}
