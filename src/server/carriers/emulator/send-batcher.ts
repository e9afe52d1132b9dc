import { inArray } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { emuMessages, emuNumbers } from "./emulator.schema";
import type { SendInput } from "./messages.service";
import type { EmuMessageRow } from "./twilio-resources";

type NewRow = typeof emuMessages.$inferInsert;

interface Pending {
  input: SendInput;
  resolve(row: EmuMessageRow): void;
  reject(err: unknown): void;
}

const MAX_BATCH = 200;
const MAX_WAIT_MS = 2;

/**
 * The emulator accepts sends by the thousand per second. Sends arriving within a couple of
 * milliseconds are handled together: one query finds repeated idempotency keys and owned senders
 * for all of them, and one multi-row INSERT writes the new messages (one WAL flush, not one per
 * send). Every caller still waits for that commit before the carrier answers. A repeated key
 * gets the first message back, before any other check, as Twilio does; two sends with one key
 * in flight at once (even in one batch) end with one message.
 */
export class SendBatcher {
  private batch: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    /** The remaining checks and the new row; throws the API error that refuses the send. */
    private readonly build: (input: SendInput, senderOwned: boolean) => Promise<NewRow>,
  ) {}

  submit(input: SendInput): Promise<EmuMessageRow> {
    return new Promise((resolve, reject) => {
      this.batch.push({ input, resolve, reject });
      if (this.batch.length >= MAX_BATCH) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), MAX_WAIT_MS);
    });
  }

  private flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.batch;
    this.batch = [];
    if (batch.length)
      void this.write(batch).catch((err) => {
        for (const b of batch) b.reject(err);
      });
  }

  private async write(batch: Pending[]) {
    const keys = [...new Set(batch.map((b) => b.input.idempotencyKey).filter((k) => k !== null))];
    const senders = [...new Set(batch.map((b) => b.input.from))];
    const [known, owned] = await Promise.all([
      keys.length
        ? this.db.select().from(emuMessages).where(inArray(emuMessages.idempotencyKey, keys))
        : [],
      this.db
        .select({ number: emuNumbers.number })
        .from(emuNumbers)
        .where(inArray(emuNumbers.number, senders)),
    ]);
    const firstByKey = new Map(known.map((r) => [r.idempotencyKey, r]));
    const ownedSenders = new Set(owned.map((r) => r.number));

    const toInsert: { pending: Pending; row: NewRow }[] = [];
    await Promise.all(
      batch.map(async (pending) => {
        const first = pending.input.idempotencyKey
          ? firstByKey.get(pending.input.idempotencyKey)
          : undefined;
        if (first) return pending.resolve(first);
        try {
          const row = await this.build(pending.input, ownedSenders.has(pending.input.from));
          toInsert.push({ pending, row });
        } catch (err) {
          pending.reject(err);
        }
      }),
    );
    if (!toInsert.length) return;

    const inserted = await this.db
      .insert(emuMessages)
      .values(toInsert.map((t) => t.row))
      .onConflictDoNothing({ target: emuMessages.idempotencyKey })
      .returning();
    const bySid = new Map(inserted.map((r) => [r.sid, r]));
    // Lost a race on the key (a send with the same key committed first): answer with that one.
    const lostKeys = toInsert
      .filter((t) => !bySid.has(t.row.sid!) && t.row.idempotencyKey)
      .map((t) => t.row.idempotencyKey!);
    const winners = lostKeys.length
      ? await this.db
          .select()
          .from(emuMessages)
          .where(inArray(emuMessages.idempotencyKey, lostKeys))
      : [];
    const winnerByKey = new Map(winners.map((r) => [r.idempotencyKey, r]));
    for (const { pending, row } of toInsert) {
      const answer = bySid.get(row.sid!) ?? winnerByKey.get(row.idempotencyKey ?? "");
      if (answer) pending.resolve(answer);
      else pending.reject(new Error("idempotency conflict without a first message"));
    }
  }
}
