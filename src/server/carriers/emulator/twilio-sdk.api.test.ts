import twilio from "twilio";
import RequestClient from "twilio/lib/base/RequestClient";
import { describe, expect, it } from "vitest";
import { createTestServer } from "../../test/harness";
import { twilioSettings } from "../credentials";

/**
 * An operator's script with the official `twilio` SDK pointed at the emulator. The SDK has no
 * base-URL option (edge/region only rewrite the host under twilio.com), so its pluggable
 * httpClient rewrites https://api.twilio.com to this server's /emulator: every path, query,
 * auth header and form body is the SDK's own.
 */
const t = await createTestServer({
  listen: true,
  env: {
    EMULATOR_LATENCY_MS: "20",
    EMULATOR_MPS_LONG_CODE: "100000",
    EMULATOR_MPS_TOLL_FREE: "100000",
  },
});
const { accountSid, authToken } = twilioSettings(t.ctx);

class EmulatorRequestClient extends RequestClient {
  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = opts.uri.replace(/^https:\/\/api\.twilio\.com/, `${t.baseUrl}/emulator`);
    return super.request<TData>({ ...opts, uri });
  }
}

const client = twilio(accountSid, authToken, { httpClient: new EmulatorRequestClient() });

describe("the official twilio SDK against the emulator", () => {
  let sender = "";

  it("searches available numbers and buys one (create), then fetches and lists it", async () => {
    const available = await client.availablePhoneNumbers("US").local.list({
      areaCode: 415,
      limit: 3,
    });
    expect(available).toHaveLength(3);
    expect(available[0]!.phoneNumber).toMatch(/^\+1415\d{7}$/);
    const tollFree = await client.availablePhoneNumbers("US").tollFree.list({ limit: 2 });
    expect(tollFree).toHaveLength(2);

    sender = available[0]!.phoneNumber;
    const bought = await client.incomingPhoneNumbers.create({
      phoneNumber: sender,
      smsUrl: `${t.baseUrl}/hooks/sms`,
      friendlyName: "Script line",
    });
    expect(bought.sid).toMatch(/^PN[0-9a-f]{32}$/);
    expect(bought.phoneNumber).toBe(sender);

    const fetched = await client.incomingPhoneNumbers(bought.sid).fetch();
    expect(fetched).toMatchObject({ sid: bought.sid, friendlyName: "Script line" });

    const second = await client.incomingPhoneNumbers.create({
      phoneNumber: available[1]!.phoneNumber,
    });
    const all = await client.incomingPhoneNumbers.list();
    expect(all.map((n) => n.sid)).toEqual(expect.arrayContaining([bought.sid, second.sid]));
    const one = await client.incomingPhoneNumbers.list({ phoneNumber: sender });
    expect(one.map((n) => n.sid)).toEqual([bought.sid]);
    // Paging as the SDK does it: a small page size walks every page.
    const paged = await client.incomingPhoneNumbers.list({ pageSize: 1 });
    expect(paged.map((n) => n.sid).sort()).toEqual([bought.sid, second.sid].sort());
    const firstPage = await client.incomingPhoneNumbers.page({ pageSize: 1 });
    expect(firstPage.instances).toHaveLength(1);
    const nextPage = await firstPage.nextPage();
    expect(nextPage?.instances).toHaveLength(1);
  });

  it("creates, fetches and lists messages (filters and paging)", async () => {
    const sent = [];
    for (const [i, to] of ["+13105550101", "+13105550102", "+13105550101"].entries()) {
      sent.push(await client.messages.create({ from: sender, to, body: `Hello ${i}` }));
    }
    expect(sent[0]!.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent[0]!.status).toBe("queued");
    expect(sent[0]!.numSegments).toBe("1");

    const fetched = await client.messages(sent[1]!.sid).fetch();
    expect(fetched).toMatchObject({ sid: sent[1]!.sid, to: "+13105550102", body: "Hello 1" });
    expect(fetched.dateCreated).toBeInstanceOf(Date);

    const all = await client.messages.list();
    expect(all.map((m) => m.sid).sort()).toEqual(sent.map((m) => m.sid).sort());
    // Newest first, as Twilio lists them.
    expect(all[0]!.sid).toBe(sent[2]!.sid);

    const toOne = await client.messages.list({ to: "+13105550101" });
    expect(toOne.map((m) => m.sid)).toEqual([sent[2]!.sid, sent[0]!.sid]);
    const fromSender = await client.messages.list({ from: sender, limit: 2 });
    expect(fromSender).toHaveLength(2);

    const walked: string[] = [];
    await new Promise<void>((resolve, reject) => {
      client.messages.each(
        { pageSize: 1, done: (err?: Error) => (err ? reject(err) : resolve()) },
        (m) => {
          walked.push(m.sid);
        },
      );
    });
    expect(walked).toEqual(all.map((m) => m.sid));
  });

  it("answers Twilio's errors: 21211 for an invalid To, 20003 for bad credentials, 20404 for an unknown sid", async () => {
    const invalid = await client.messages
      .create({ from: sender, to: "+1555", body: "Hi" })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, code: 21211 });
    expect((invalid as Error).message).toMatch(/not a valid phone number/);

    const stranger = twilio(accountSid, "wrong-token", {
      httpClient: new EmulatorRequestClient(),
    });
    const denied = await stranger.messages.list().catch((e: unknown) => e);
    expect(denied).toMatchObject({ status: 401, code: 20003 });

    const missing = await client
      .messages(`SM${"0".repeat(32)}`)
      .fetch()
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, code: 20404 });
    const missingNumber = await client
      .incomingPhoneNumbers(`PN${"0".repeat(32)}`)
      .fetch()
      .catch((e: unknown) => e);
    expect(missingNumber).toMatchObject({ status: 404, code: 20404 });
  });
});
