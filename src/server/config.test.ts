import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, parseRole } from "./config";

/** A complete Stripe configuration (secret key, publishable key, webhook signing secret). */
const STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_parley",
  STRIPE_PUBLISHABLE_KEY: "pk_test_parley",
  STRIPE_WEBHOOK_SECRET: "whsec_parley",
};

describe("config", () => {
  it("has working defaults", () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DEMO_USERNAME).toBe("demo");
    expect(c.DEMO_PASSWORD).toBe("demo1234");
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("stops on a bad value with one clear line", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/^PORT: /);
    expect(() => parseConfig({ DATABASE_URL: "not a url" })).toThrow(/^DATABASE_URL: /);
  });

  it("reports every problem at once, the checks across settings too", () => {
    let caught: unknown;
    try {
      parseConfig({
        PORT: "eighty",
        SIGNUP: "sometimes",
        HOST: "0.0.0.0",
        SEED_DEMO: "true",
        OUTBOUND_ALLOW: "10.0.0.0/40",
      });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems.map((p) => p.split(":")[0])).toEqual([
      "PORT",
      "SIGNUP",
      "SEED_DEMO",
      "OUTBOUND_ALLOW",
    ]);
    expect((caught as ConfigError).message).toMatch(/^4 settings need fixing:\n {2}- PORT: /);
  });

  it("keeps files under DATA_DIR unless STORAGE=s3 names a complete bucket", () => {
    expect(parseConfig({}).STORAGE).toBe("local");
    expect(parseConfig({}).s3).toBeNull();
    const s3 = {
      STORAGE: "s3",
      S3_BUCKET: "parley-files",
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "AKIAPARLEY",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(parseConfig(s3).s3).toMatchObject({ bucket: "parley-files", forcePathStyle: false });
    // MinIO and most self-hosted stores address the bucket in the path.
    expect(parseConfig({ ...s3, S3_ENDPOINT: "http://minio:9000" }).s3).toMatchObject({
      endpoint: "http://minio:9000",
      forcePathStyle: true,
    });
    expect(
      parseConfig({ ...s3, S3_ENDPOINT: "http://minio:9000", S3_FORCE_PATH_STYLE: "false" }).s3
        ?.forcePathStyle,
    ).toBe(false);

    let caught: unknown;
    try {
      parseConfig({ STORAGE: "s3", S3_REGION: "us-east-1", S3_ENDPOINT: "minio", PORT: "x" });
    } catch (err) {
      caught = err;
    }
    expect((caught as ConfigError).problems).toEqual([
      "PORT: Invalid input: expected number, received NaN",
      "S3_ENDPOINT: Invalid URL",
      "STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY to be set",
    ]);
    expect(() => parseConfig({ S3_BUCKET: "parley-files" })).toThrow(
      /S3_BUCKET is set but STORAGE is not s3: set STORAGE=s3/,
    );
    expect(() => parseConfig({ STORAGE: "disk" })).toThrow(/^STORAGE: /);
    // A compose file passes the settings nobody gave as empty strings.
    expect(parseConfig({ S3_BUCKET: "", S3_ENDPOINT: "", S3_FORCE_PATH_STYLE: "" }).s3).toBeNull();
  });

  it("refuses a malformed DATABASE_URL instead of using the embedded database", () => {
    for (const url of [
      "",
      "localhost:5432/parley",
      "mysql://u:p@db/parley",
      "postgres://db.internal",
      "postgres:///parley",
    ]) {
      expect(() => parseConfig({ DATABASE_URL: url }), url).toThrow(
        /^DATABASE_URL: must look like postgres:\/\/user:password@host:5432\/database$/,
      );
    }
    expect(
      parseConfig({ DATABASE_URL: "postgresql://u:p@db.internal:5432/parley" }).DATABASE_URL,
    ).toBe("postgresql://u:p@db.internal:5432/parley");
  });

  it("makes the demo account for a local install only, never with the public password elsewhere", () => {
    expect(parseConfig({}).SEED_DEMO).toBe(true);
    expect(parseConfig({ HOST: "localhost", PUBLIC_URL: "http://127.0.0.1:3000" }).SEED_DEMO).toBe(
      true,
    );
    expect(parseConfig({ HOST: "0.0.0.0" }).SEED_DEMO).toBe(false);
    expect(parseConfig({ PUBLIC_URL: "https://texts.example.com" }).SEED_DEMO).toBe(false);
    expect(() => parseConfig({ HOST: "0.0.0.0", SEED_DEMO: "true" })).toThrow(
      /^SEED_DEMO: .*set DEMO_PASSWORD to a password of your own, or SEED_DEMO=false/,
    );
    const chosen = parseConfig({
      HOST: "0.0.0.0",
      SEED_DEMO: "true",
      DEMO_PASSWORD: "a-long-secret",
    });
    expect(chosen.SEED_DEMO).toBe(true);
  });

  it("opens sign-up with the emulator on a local server, and closes it once a real carrier is set or other machines reach it", () => {
    expect(parseConfig({}).signup).toBe("open");
    expect(parseConfig({ HOST: "0.0.0.0", SEED_DEMO: "false" }).signup).toBe("closed");
    expect(
      parseConfig({ PUBLIC_URL: "https://texts.example.com", SEED_DEMO: "false" }).signup,
    ).toBe("closed");
    expect(parseConfig({ HOST: "0.0.0.0", SEED_DEMO: "false", SIGNUP: "open" }).signup).toBe(
      "open",
    );
    const twilio = {
      TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "t".repeat(32),
      PAYMENTS: "test",
    };
    expect(parseConfig(twilio).signup).toBe("closed");
    expect(parseConfig({ ...twilio, SIGNUP: "invite" }).signup).toBe("invite");
    expect(() => parseConfig({ SIGNUP: "sometimes" })).toThrow(/^SIGNUP: /);
  });

  it("reads OUTBOUND_ALLOW, empty by default, and names a bad entry", () => {
    expect(parseConfig({}).outboundAllow).toEqual({ ranges: [], names: [], suffixes: [] });
    const allow = parseConfig({ OUTBOUND_ALLOW: "10.0.0.0/8,receiver.internal" }).outboundAllow;
    expect(allow.names).toEqual(["receiver.internal"]);
    expect(allow.ranges).toHaveLength(1);
    expect(() => parseConfig({ OUTBOUND_ALLOW: "10.0.0.0/40" })).toThrow(ConfigError);
    expect(() => parseConfig({ OUTBOUND_ALLOW: "10.0.0.0/8, bad_name" })).toThrow(
      /^OUTBOUND_ALLOW: "bad_name" is neither an address/,
    );
  });

  it("reads the role flag", () => {
    expect(parseRole([])).toBe("all");
    expect(parseRole(["--role=worker"])).toBe("worker");
    expect(() => parseRole(["--role=both"])).toThrow(/--role must be web, worker or all/);
  });

  it("splits frame ancestors", () => {
    expect(
      parseConfig({ FRAME_ANCESTORS: "https://a.example https://b.example" }).frameAncestors,
    ).toEqual(["https://a.example", "https://b.example"]);
  });

  it("chooses the carrier: the emulator by default, Twilio with its credentials, Telnyx by name", () => {
    expect(parseConfig({})).toMatchObject({ carrier: "emulator", useEmulator: true });
    const twilio = {
      TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "0123456789abcdef0123456789abcdef",
      ...STRIPE,
    };
    expect(parseConfig(twilio)).toMatchObject({ carrier: "twilio", useEmulator: false });
    expect(parseConfig({ ...twilio, CARRIER: "emulator" }).useEmulator).toBe(true);
    expect(() => parseConfig({ CARRIER: "twilio" })).toThrow(
      "CARRIER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN to be set",
    );

    const publicKey = Buffer.from(
      generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" }).x!,
      "base64url",
    ).toString("base64");
    const telnyx = {
      CARRIER: "telnyx",
      TELNYX_API_KEY: "KEY0123",
      TELNYX_PUBLIC_KEY: publicKey,
      TELNYX_MESSAGING_PROFILE_ID: "40017f8e-0a13-4e28-b4f5-000000000001",
      ...STRIPE,
    };
    expect(parseConfig(telnyx)).toMatchObject({
      carrier: "telnyx",
      useEmulator: false,
      TELNYX_API_BASE: "https://api.telnyx.com",
    });
    expect(() => parseConfig({ CARRIER: "telnyx", TELNYX_API_KEY: "KEY0123" })).toThrow(
      "CARRIER=telnyx needs TELNYX_PUBLIC_KEY, TELNYX_MESSAGING_PROFILE_ID to be set",
    );
    expect(() => parseConfig({ ...telnyx, TELNYX_PUBLIC_KEY: "c2hvcnQ=" })).toThrow(
      /^TELNYX_PUBLIC_KEY: an Ed25519 public key is 32 bytes in base64/,
    );
    expect(() => parseConfig({ CARRIER: "vonage" })).toThrow(/^CARRIER: /);
  });

  it("refuses test payments beside a real carrier unless PAYMENTS=test says so", () => {
    expect(parseConfig({}).payments).toBe("test");
    expect(parseConfig({ ...STRIPE }).payments).toBe("stripe");
    expect(parseConfig({ ...STRIPE, PAYMENTS: "test" }).payments).toBe("test");
    const twilio = {
      TWILIO_ACCOUNT_SID: `AC${"3".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "t".repeat(32),
    };
    let caught: unknown;
    try {
      parseConfig({ ...twilio, PORT: "eighty" });
    } catch (err) {
      caught = err;
    }
    // Reported with the other problems, naming both ways out.
    const problems = (caught as ConfigError).problems;
    expect(problems).toHaveLength(2);
    expect(problems[1]).toBe(
      "PAYMENTS: CARRIER=twilio sends real texts, but without STRIPE_SECRET_KEY payments are test payments (test cards, nothing charged): set STRIPE_SECRET_KEY to take real payments, or PAYMENTS=test to run on test payments anyway",
    );
    expect(parseConfig({ ...twilio, PAYMENTS: "test" })).toMatchObject({
      carrier: "twilio",
      payments: "test",
    });
    expect(parseConfig({ ...twilio, ...STRIPE }).payments).toBe("stripe");
    expect(() => parseConfig({ PAYMENTS: "stripe" })).toThrow(
      "PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET to be set",
    );
    // The browser's form and the signed webhooks are part of taking payments with Stripe.
    expect(() => parseConfig({ STRIPE_SECRET_KEY: "sk_test_parley" })).toThrow(
      "PAYMENTS=stripe needs STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET to be set",
    );
    expect(() => parseConfig({ PAYMENTS: "cash" })).toThrow(/^PAYMENTS: /);
  });

  it("reads the key ring: SECRET_KEY current, SECRET_KEYS_OLD retired; a broken ring is refused", () => {
    const current = "n".repeat(40);
    const old = ["o".repeat(40), "p".repeat(32)];
    // An existing install's single key works as it did.
    expect(parseConfig({ SECRET_KEY: current }).secretKeysOld).toEqual([]);
    expect(
      parseConfig({ SECRET_KEY: current, SECRET_KEYS_OLD: ` ${old[0]}, ${old[1]} ` }),
    ).toMatchObject({
      SECRET_KEY: current,
      secretKeysOld: old,
    });
    expect(() => parseConfig({ SECRET_KEYS_OLD: old[0] })).toThrow(
      "SECRET_KEYS_OLD needs SECRET_KEY: set SECRET_KEY to the new key and keep the keys being retired in SECRET_KEYS_OLD",
    );
    expect(() => parseConfig({ SECRET_KEY: current, SECRET_KEYS_OLD: `${old[0]},short` })).toThrow(
      "SECRET_KEYS_OLD: key 2 of 2 needs at least 32 characters (keys are separated by commas)",
    );
    // A short SECRET_KEY is named as itself, not as missing.
    let caught: unknown;
    try {
      parseConfig({ SECRET_KEY: "short", SECRET_KEYS_OLD: old[0] });
    } catch (err) {
      caught = err;
    }
    expect((caught as ConfigError).problems).toEqual(["SECRET_KEY: needs at least 32 characters"]);
  });
});
