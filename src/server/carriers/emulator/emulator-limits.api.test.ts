import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestServer } from "../../test/harness";
import { CarrierError } from "../carrier";
import { twilioSettings } from "../credentials";
import { emuMessages } from "./emulator.schema";

// The default throughput (1 message/s per long code, 3 per toll-free number) and a carrier that
// answers every send with a 500: each needs a server of its own configuration.
const t = await createTestServer({ listen: true });
const flaky = await createTestServer({ listen: true, env: { EMULATOR_5XX_RATE: "1" } });

const LONG_CODE = "+14155550150";
const TOLL_FREE = "+18335550150";

beforeAll(async () => {
  const hooks = { smsUrl: "", statusCallback: "", friendlyName: "" };
  await t.ctx.carrier.buyNumber(LONG_CODE, hooks);
  await t.ctx.carrier.buyNumber(TOLL_FREE, hooks);
  await flaky.ctx.carrier.buyNumber(LONG_CODE, hooks);
});

function sendFrom(server: typeof t, from: string) {
  return server.ctx.carrier.send({
    from,
    to: "+12125551234",
    body: "hi",
    statusCallback: "",
    idempotencyKey: randomUUID(),
  });
}

async function refusal(promise: Promise<unknown>): Promise<CarrierError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CarrierError);
  return err as CarrierError;
}

describe("throughput per sending number", () => {
  it("lets a long code send one message per second, then says when to retry", async () => {
    await sendFrom(t, LONG_CODE);
    const err = await refusal(sendFrom(t, LONG_CODE));
    expect(err).toMatchObject({
      httpStatus: 429,
      code: 20429,
      retryable: true,
      retryAfterMs: 1000,
    });

    await new Promise((r) => setTimeout(r, 1050));
    expect((await sendFrom(t, LONG_CODE)).status).toBe("queued");
  });

  it("lets a toll-free number send three at once, not four", async () => {
    // At once, not one after another: on a loaded machine four calls in a row can span a second.
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => sendFrom(t, TOLL_FREE)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const refused = results.find((r) => r.status === "rejected");
    const err = await refusal(Promise.reject(refused?.reason));
    expect([err.httpStatus, err.code, err.retryable]).toEqual([429, 20429, true]);
  });

  it("answers 429 with a Retry-After header in seconds", async () => {
    const { accountSid, authToken } = twilioSettings(t.ctx);
    const post = () =>
      fetch(`${t.baseUrl}/emulator/2010-04-01/Accounts/${accountSid}/Messages.json`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ From: LONG_CODE, To: "+12125551234", Body: "hi" }),
      });
    let res = await post();
    if (res.status === 201) res = await post();
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await res.json()).toMatchObject({ code: 20429, status: 429 });
  });

  it("counts concurrent sends from several connections against one bucket", async () => {
    await new Promise((r) => setTimeout(r, 1050));
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => sendFrom(t, LONG_CODE)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });
});

describe("server errors", () => {
  it("answers 500 before storing anything, and the adapter calls it retryable", async () => {
    const err = await refusal(sendFrom(flaky, LONG_CODE));
    expect(err).toMatchObject({ httpStatus: 500, code: 20500, retryable: true });
    expect(await flaky.db.select().from(emuMessages)).toEqual([]);
  });
});
