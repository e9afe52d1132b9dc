import type { Config } from "../../config";
import { log } from "../../log";
import { httpRequest } from "../http-request";
import { twilioSignature } from "../twilio-signature";

const TIMEOUT_MS = 5_000;

export type PostOutcome = { ok: true } | { ok: false; reason: string };

/**
 * Posts one webhook as Twilio does: form-encoded, signed with X-Twilio-Signature over the exact
 * URL and every parameter. Any answer other than 2xx is a failure for the caller to retry.
 */
export async function postSignedForm(
  url: string,
  params: Record<string, string>,
  authToken: string,
): Promise<PostOutcome> {
  try {
    const answer = await httpRequest(url, {
      method: "POST",
      timeoutMs: TIMEOUT_MS,
      body: new URLSearchParams(params).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded; charset=utf-8",
        "user-agent": "TwilioProxy/1.1 (Parley emulator)",
        "x-twilio-signature": twilioSignature(authToken, url, params),
      },
    });
    return answer.status >= 200 && answer.status < 300
      ? { ok: true }
      : { ok: false, reason: `HTTP ${answer.status}` };
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
}

/** The emulator's own log lines (it has no request to log through); silent in tests. */
export function emulatorLog(config: Config, message: string): void {
  if (config.LOG_LEVEL === "silent") return;
  log.warn({ component: "emulator" }, message);
}
