import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, desc, eq, gte } from "drizzle-orm";
import type { AppContext } from "../../http/context";
import { twilioSettings } from "../credentials";
import { TwilioApiError } from "./api-error";
import { emuCalls } from "./emulator.schema";
import { API_VERSION, twilioDate } from "./twilio-resources";
import { emulatorLog, postSignedForm } from "./webhooks";

const run = promisify(execFile);
export type EmuCallRow = typeof emuCalls.$inferSelect;

/** The <Say> of a TwiML document: its text, voice and language (Twilio's defaults when absent). */
export function parseSay(twiml: string): { text: string; voice: string; language: string } | null {
  const m = /<Say\b([^>]*)>([\s\S]*?)<\/Say>/i.exec(twiml);
  if (!m) return null;
  const attrs = m[1] ?? "";
  const attr = (name: string) => new RegExp(`${name}="([^"]*)"`, "i").exec(attrs)?.[1];
  const unXml = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
  return {
    text: unXml(m[2] ?? "").trim(),
    voice: attr("voice") ?? "man",
    language: attr("language") ?? "en-US",
  };
}

/** espeak-ng's voice for a TwiML language and voice: Spanish as "es", a woman as variant f3. */
export function espeakVoice(language: string, voice: string): string {
  const lang = language.toLowerCase();
  const base = lang.startsWith("es") ? "es" : lang === "en-gb" ? "en-gb" : "en-us";
  return voice === "woman" || voice === "alice" ? `${base}+f3` : base;
}

/** Seconds of audio in a PCM WAV (its data size over its byte rate), at least 1 started second. */
export function wavSeconds(wav: Buffer): number {
  if (wav.length < 44 || wav.toString("ascii", 0, 4) !== "RIFF") return 0;
  const byteRate = wav.readUInt32LE(28);
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString("ascii", offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    // espeak-ng writes a streaming header (size 0x7fffffff): the rest of the file is the data.
    if (id === "data") return Math.min(size, wav.length - offset - 8) / byteRate;
    offset += 8 + size;
  }
  return 0;
}

/** The text spoken into a WAV by espeak-ng (the emulator's calls and the composer's preview). */
export async function speak(ctx: AppContext, text: string, voice: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), "parley-say-"));
  try {
    const file = path.join(dir, "say.wav");
    await run(ctx.config.ESPEAK_PATH, ["-v", voice, "-w", file, "--", text], { timeout: 30_000 });
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function toCallResource(row: EmuCallRow, accountSid: string) {
  return {
    sid: row.sid,
    account_sid: accountSid,
    api_version: API_VERSION,
    to: row.toNumber,
    from: row.fromNumber,
    status: row.status,
    direction: "outbound-api",
    duration: row.durationSeconds == null ? null : String(row.durationSeconds),
    date_created: twilioDate(row.createdAt),
    date_updated: twilioDate(row.createdAt),
    uri: `/${API_VERSION}/Accounts/${accountSid}/Calls/${row.sid}.json`,
  };
}

/** Calls in flight, so tests and shutdown can wait for their callbacks. */
const inFlight = new Set<Promise<void>>();
export async function settleEmulatorCalls(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/**
 * POST Calls.json: the call is queued at once (201, as Twilio does), then the virtual phone
 * answers, hears the <Say> text (espeak-ng renders it to a stored WAV) and hangs up: status
 * callbacks in-progress, then completed with the call's duration.
 */
export async function createCall(
  ctx: AppContext,
  input: {
    to: string;
    from: string;
    twiml: string;
    statusCallback: string | null;
    idempotencyKey: string | null;
  },
): Promise<EmuCallRow> {
  if (!input.to) throw new TwilioApiError(400, 21201, "No 'To' number is specified");
  if (!input.from) throw new TwilioApiError(400, 21213, "No 'From' number is specified");
  const say = parseSay(input.twiml);
  if (!say?.text) throw new TwilioApiError(400, 21220, "Invalid TwiML: no <Say> text");
  if (input.idempotencyKey) {
    const [seen] = await ctx.db
      .select()
      .from(emuCalls)
      .where(eq(emuCalls.idempotencyKey, input.idempotencyKey));
    if (seen) return seen;
  }
  const sid = `CA${randomBytes(16).toString("hex")}`;
  const [row] = await ctx.db
    .insert(emuCalls)
    .values({
      sid,
      fromNumber: input.from,
      toNumber: input.to,
      twiml: input.twiml,
      sayText: say.text,
      voice: say.voice,
      language: say.language,
      statusCallback: input.statusCallback,
      idempotencyKey: input.idempotencyKey,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    // The same key raced in: answer with the call it made.
    const [seen] = await ctx.db
      .select()
      .from(emuCalls)
      .where(eq(emuCalls.idempotencyKey, input.idempotencyKey ?? ""));
    if (!seen) throw new TwilioApiError(500, 20500, "Internal Server Error");
    return seen;
  }
  const work = answer(ctx, row).catch((err) =>
    emulatorLog(ctx.config, `call ${sid}: ${(err as Error).message}`),
  );
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
  return row;
}

async function answer(ctx: AppContext, row: EmuCallRow): Promise<void> {
  const callback = async (status: string, extra: Record<string, string> = {}) => {
    await ctx.db.update(emuCalls).set({ status }).where(eq(emuCalls.sid, row.sid));
    if (!row.statusCallback) return;
    const outcome = await postSignedForm(
      row.statusCallback,
      {
        CallSid: row.sid,
        AccountSid: twilioSettings(ctx).accountSid,
        From: row.fromNumber,
        To: row.toNumber,
        CallStatus: status,
        Direction: "outbound-api",
        ApiVersion: API_VERSION,
        ...extra,
      },
      twilioSettings(ctx).authToken,
    );
    if (!outcome.ok) emulatorLog(ctx.config, `call status ${status} not taken: ${outcome.reason}`);
  };
  await callback("ringing");
  let wav: Buffer;
  try {
    wav = await speak(ctx, row.sayText, espeakVoice(row.language, row.voice));
  } catch (err) {
    emulatorLog(ctx.config, `espeak-ng failed: ${(err as Error).message}`);
    await callback("failed");
    return;
  }
  await ctx.db.$client.query("update emu_calls set audio = $2 where sid = $1", [row.sid, wav]);
  await callback("in-progress");
  const seconds = Math.max(1, Math.ceil(wavSeconds(wav)));
  await ctx.db.update(emuCalls).set({ durationSeconds: seconds }).where(eq(emuCalls.sid, row.sid));
  await callback("completed", { CallDuration: String(seconds) });
}

export async function listCalls(
  ctx: AppContext,
  q: { to?: string; from?: string; pageSize: number },
): Promise<EmuCallRow[]> {
  const conds = [gte(emuCalls.createdAt, new Date(0))];
  if (q.to) conds.push(eq(emuCalls.toNumber, q.to));
  if (q.from) conds.push(eq(emuCalls.fromNumber, q.from));
  return ctx.db
    .select()
    .from(emuCalls)
    .where(and(...conds))
    .orderBy(desc(emuCalls.createdAt))
    .limit(Math.min(Math.max(q.pageSize, 1), 1000));
}
