import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../config";
import { keyIdOf, keyRing } from "../features/auth/secret-box";
import { openCredentials, sealCredentials } from "../features/integrations/integration-credentials";
import { recipientKey, subscriberOfKey } from "../features/links/links.service";
import { openSecret } from "../features/webhooks/webhooks.service";
import { createRealtimeToken, verifyRealtimeToken } from "../realtime/realtime-token";
import { buildAccountWithUser, loginAs } from "../test/factories";
import { createTestServer } from "../test/harness";
import { assertSecretsReadable, rotateSecrets } from "./sealed-secrets";

/**
 * Rotating SECRET_KEY: what key A sealed still reads once B is current and A is old; the admin
 * command's rotation moves everything to B (twice is the same as once), after which A can go;
 * tokens and links signed with A still verify while A is in the ring; a server without the key
 * its secrets were sealed with refuses to start, naming the key.
 */
const A = `key-A-${"a".repeat(40)}`;
const B = `key-B-${"b".repeat(40)}`;
const t = await createTestServer({ env: { SECRET_KEY: A } });
const { account, user } = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, user.username, user.password);

/** The settings the server would read after each step of a rotation (the same process here). */
function useKeys(current: string, old: string[]) {
  Object.assign(t.ctx.config, { SECRET_KEY: current, secretKeysOld: old });
}

/** A value sealed as Parley did before key ids (enc:v1, no id), under SECRET_KEY text `k`. */
function sealV1(k: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", createHash("sha256").update(k).digest(), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const b64 = (b: Buffer) => b.toString("base64url");
  return `enc:v1:${b64(iv)}:${b64(cipher.getAuthTag())}:${b64(body)}`;
}

async function webhookSecretRow(id: number) {
  const r = await t.db.execute<{ secret: string }>(
    sql`select secret from webhook_endpoints where id = ${id}`,
  );
  return r.rows[0]!.secret;
}

describe("SECRET_KEY rotation", () => {
  it("reads A's secrets under B with A old, rotates them to B, then reads them without A", async () => {
    useKeys(A, []);
    const made = await t.post(
      "/api/webhooks",
      { url: "https://receiver.example.com/hooks", events: ["subscriber.created"] },
      { cookie },
    );
    expect(made.statusCode, made.body).toBe(201);
    const hook = made.json() as { id: number; secret: string };
    expect(await webhookSecretRow(hook.id)).toMatch(new RegExp(`^enc:v2:${keyIdOf(A)}:`));
    const creds = sealCredentials(t.ctx, { kind: "customerio", siteId: "s1", apiKey: "k1" });
    await t.db.execute(
      sql`insert into integration_connections (account_id, provider, credentials, settings)
          values (${account.id}, 'customerio', ${creds}, '{}'::jsonb)`,
    );
    // An authenticator key sealed before key ids, under the install's one SECRET_KEY.
    await t.db.execute(
      sql`update users set totp_secret = ${sealV1(A, "JBSWY3DPEHPK3PXP")} where id = ${user.id}`,
    );

    // Step 1: B is current, A is kept as old. Everything reads; new seals use B.
    useKeys(B, [A]);
    const ring = keyRing(t.ctx.config);
    expect(ring.current.id).toBe(keyIdOf(B));
    expect(openSecret(t.ctx, await webhookSecretRow(hook.id))).toBe(hook.secret);
    expect(openCredentials(t.ctx, creds)).toMatchObject({ apiKey: "k1" });
    await expect(assertSecretsReadable(t.db.$client, ring)).resolves.toBeUndefined();
    expect(sealCredentials(t.ctx, { kind: "customerio", siteId: "s", apiKey: "k" })).toMatch(
      new RegExp(`^enc:v2:${keyIdOf(B)}:`),
    );

    // Step 2: the admin command's rotation, in small batches; a second run finds nothing to do.
    const first = await rotateSecrets(t.db.$client, ring, { batch: 1 });
    const byLabel = Object.fromEntries(first.map((c) => [c.label, c]));
    expect(byLabel["webhook signing secrets"]).toMatchObject({ resealed: 1, unreadable: [] });
    expect(byLabel["integration credentials"]).toMatchObject({ resealed: 1, unreadable: [] });
    expect(byLabel["authenticator keys"]).toMatchObject({ resealed: 1, unreadable: [] });
    const again = await rotateSecrets(t.db.$client, ring);
    expect(again.reduce((n, c) => n + c.resealed, 0)).toBe(0);
    expect(again.find((c) => c.label === "webhook signing secrets")!.current).toBe(1);
    expect(await webhookSecretRow(hook.id)).toMatch(new RegExp(`^enc:v2:${keyIdOf(B)}:`));

    // Step 3: A removed. Everything still reads, the start-up check passes.
    useKeys(B, []);
    const onlyB = keyRing(t.ctx.config);
    expect(onlyB.keys).toHaveLength(1);
    expect(openSecret(t.ctx, await webhookSecretRow(hook.id))).toBe(hook.secret);
    const stored = await t.db.execute<{ credentials: string }>(
      sql`select credentials from integration_connections where account_id = ${account.id}`,
    );
    expect(openCredentials(t.ctx, stored.rows[0]!.credentials)).toMatchObject({ apiKey: "k1" });
    await expect(assertSecretsReadable(t.db.$client, onlyB)).resolves.toBeUndefined();
    // The authenticator key still signs its owner in: the code check reads it under B alone.
    const totp = await t.db.execute<{ totp_secret: string }>(
      sql`select totp_secret from users where id = ${user.id}`,
    );
    expect(totp.rows[0]!.totp_secret).toMatch(new RegExp(`^enc:v2:${keyIdOf(B)}:`));
  });

  it("a server whose keys do not open the stored secrets refuses to start, naming the missing key", async () => {
    useKeys(A, []);
    const hook = await t.post(
      "/api/webhooks",
      { url: "https://receiver.example.com/second", events: ["subscriber.created"] },
      { cookie },
    );
    expect(hook.statusCode, hook.body).toBe(201);
    // B alone: A's secret is unreadable.
    const C = `key-C-${"c".repeat(40)}`;
    useKeys(C, [B]);
    const err = await assertSecretsReadable(t.db.$client, keyRing(t.ctx.config)).catch((e) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(`webhook signing secrets: 1 under key ${keyIdOf(A)}`);
    expect((err as Error).message).toContain("SECRET_KEYS_OLD");
    // A put back as an old key: it starts.
    useKeys(C, [B, A]);
    await expect(
      assertSecretsReadable(t.db.$client, keyRing(t.ctx.config)),
    ).resolves.toBeUndefined();
    await rotateSecrets(t.db.$client, keyRing(t.ctx.config));
  });

  it("tokens and links signed with the old key verify while it is in the ring, not after", () => {
    useKeys(A, []);
    const now = Date.now();
    const token = createRealtimeToken(
      t.ctx.config,
      { accountId: account.id, userId: user.id },
      now,
    );
    const link = recipientKey(t.ctx, "abcd123", 42);
    useKeys(B, [A]);
    expect(verifyRealtimeToken(t.ctx.config, token, now)).toMatchObject({ userId: user.id });
    expect(subscriberOfKey(t.ctx, "abcd123", link)).toBe(42);
    // New ones are signed with B, and B's verify too.
    const fresh = createRealtimeToken(
      t.ctx.config,
      { accountId: account.id, userId: user.id },
      now,
    );
    expect(fresh).not.toBe(token);
    expect(verifyRealtimeToken(t.ctx.config, fresh, now)).not.toBeNull();
    useKeys(B, []);
    expect(verifyRealtimeToken(t.ctx.config, token, now)).toBeNull();
    expect(subscriberOfKey(t.ctx, "abcd123", link)).toBeNull();
    expect(verifyRealtimeToken(t.ctx.config, fresh, now)).not.toBeNull();
  });
});
