import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SIGNUP_TEXT } from "../../../domain/signup.schemas";
import { createTestServer } from "../../test/harness";

const t = await createTestServer({
  env: { AUTH_RATE_LIMIT: "100", SIGNUP_ADDRESS_LIMIT: "3", SIGNUP_NETWORK_LIMIT: "10" },
});

let n = 0;
const form = () => {
  n += 1;
  return {
    firstName: "Joe",
    lastName: "Baker",
    email: `limit${n}@pizza.test`,
    password: "a-good-password",
    businessName: `Limit Shop ${n}`,
    industry: 1,
    timezoneId: 5,
    phone: "(415) 555-0142",
  };
};
const signUp = (remoteAddress: string) =>
  t.post("/api/auth/admin-signup", form(), { remoteAddress });
const accounts = async () =>
  Number(
    (await t.db.execute(sql`select count(*)::int as n from accounts`)).rows[0]?.n ?? Number.NaN,
  );

describe("admin sign-ups per address and per network", () => {
  it("lets one address make 3 sign-ups an hour, then refuses with 429 and makes nothing", async () => {
    for (let i = 0; i < 3; i++) expect((await signUp("198.51.100.7")).statusCode).toBe(200);
    const before = await accounts();
    const refused = await signUp("198.51.100.7");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(SIGNUP_TEXT.tooManyFromAddress);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
    expect(await accounts()).toBe(before);
    // Another network is not held back by it.
    expect((await signUp("192.0.2.1")).statusCode).toBe(200);
  });

  it("lets one IPv4 /24 make 10 sign-ups a day, whatever its addresses", async () => {
    for (let i = 1; i <= 10; i++) expect((await signUp(`203.0.113.${i}`)).statusCode).toBe(200);
    const before = await accounts();
    const refused = await signUp("203.0.113.200");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(SIGNUP_TEXT.tooManyFromNetwork);
    expect(await accounts()).toBe(before);
    expect((await signUp("203.0.114.1")).statusCode).toBe(200);
  });

  it("counts an IPv6 /64 as one network", async () => {
    for (let i = 1; i <= 10; i++)
      expect((await signUp(`2001:db8:5:6::${i.toString(16)}`)).statusCode).toBe(200);
    const refused = await signUp("2001:db8:5:6:ffff::1");
    expect(refused.statusCode).toBe(429);
    expect((await signUp("2001:db8:5:7::1")).statusCode).toBe(200);
  });
});
