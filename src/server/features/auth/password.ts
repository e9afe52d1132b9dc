import { hash, verify } from "@node-rs/argon2";
import { assertStrongPassword } from "./password-strength";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// algorithm 2 is Argon2id (a const enum in the typings, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * The one way a person's new password is stored: refused when easy to guess (also from what we
 * know about them), else hashed.
 */
export function hashNewPassword(
  password: string,
  opts: { field: string; about?: (string | null | undefined)[] },
): Promise<string> {
  assertStrongPassword(password, opts);
  return hashPassword(password);
}

// Verified against when the user does not exist, so a wrong username costs as much time as a
// wrong password and the response time does not reveal which one it was.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword("parley-timing-equaliser");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
