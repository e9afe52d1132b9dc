import { inArray } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { emuMessages } from "../../db/schema";
import type { EmuMessageRow } from "./twilio-resources";

type NewRow = typeof emuMessages.$inferInsert;

interface Pending {
  row: NewRow;
  resolve(row: EmuMessageRow): void;
  reject(err: unknown): void;
}

const MAX_BATCH = 200;
const MAX_WAIT_MS = 2;

/**
 * The emulator accepts sends by the thousand per second; one INSERT each would cost a WAL flush
 * each. Sends arriving within a couple of milliseconds go in one multi-row INSERT, and every
 * caller still waits for that commit before the carrier answers. A repeated idempotency key
 * (a retry racing the first send, even in the same batch) gets the first message back.
 */
export class InsertBatcher {
  private batch: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db) {}

  insert(row: NewRow): Promise<EmuMessageRow> {
    return new Promise((resolve, reject) => {
      this.batch.push({ row, resolve, reject });
      if (this.batch.length >= MAX_BATCH) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), MAX_WAIT_MS);
    });
  }

  private flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.batch;
    this.batch = [];
    if (batch.length) void this.write(batch);
  }

  private async write(batch: Pending[]) {
    try {
      const inserted = await this.db
        .insert(emuMessages)
        .values(batch.map((b) => b.row))
        .onConflictDoNothing({ target: emuMessages.idempotencyKey })
        .returning();
      const bySid = new Map(inserted.map((r) => [r.sid, r]));
      const missingKeys = batch
        .filter((b) => !bySid.has(b.row.sid!) && b.row.idempotencyKey)
        .map((b) => b.row.idempotencyKey!);
      const firsts = missingKeys.length
        ? await this.db
            .select()
            .from(emuMessages)
            .where(inArray(emuMessages.idempotencyKey, missingKeys))
        : [];
      const byKey = new Map(firsts.map((r) => [r.idempotencyKey, r]));
      for (const b of batch) {
        const row = bySid.get(b.row.sid!) ?? byKey.get(b.row.idempotencyKey ?? "");
        if (row) b.resolve(row);
        else b.reject(new Error("idempotency conflict without a first message"));
      }
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }
}
