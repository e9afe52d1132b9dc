/**
 * Recently authenticated keys, by hash, with their maker's rights as read then. Kept apart so that
 * users.service can drop a person's keys when their level, restriction or account changes without
 * importing the key service (which imports it): the change then holds from the next request in
 * this process, and within KEY_CACHE_MS in the others (as a revocation does).
 */
export const KEY_CACHE_MS = 5_000;

interface Entry<T> {
  value: T;
  userId: number;
  until: number;
}

const entries = new Map<string, Entry<unknown>>();

export function cachedKey<T>(keyHash: string, now: number): T | undefined {
  const hit = entries.get(keyHash);
  return hit && hit.until > now ? (hit.value as T) : undefined;
}

export function cacheKey<T>(keyHash: string, userId: number, value: T, now: number) {
  if (entries.size > 10_000) entries.clear();
  entries.set(keyHash, { value, userId, until: now + KEY_CACHE_MS });
}

export function forgetKey(keyHash: string) {
  entries.delete(keyHash);
}

/** A person's rights changed (or they left): their keys are read again on the next request. */
export function forgetKeysOf(userId: number) {
  for (const [hash, entry] of entries) if (entry.userId === userId) entries.delete(hash);
}
