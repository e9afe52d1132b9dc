import { z } from "zod";

/**
 * Ids as the database stores them. Integer columns (accounts, users, numbers, groups, custom
 * fields, templates, imports, exports, link tags) hold at most 2^31 − 1; bigint columns
 * (subscribers, messages, sends, links, mail, …) are read as JS numbers, so they stop at the
 * largest safe integer. A number past these bounds can name nothing: refusing it here keeps it
 * from ever reaching a query (where PostgreSQL would fail with "out of range").
 */
export const MAX_INT_ID = 2_147_483_647;
export const MAX_BIGINT_ID = Number.MAX_SAFE_INTEGER;

export const ID_TEXT = { invalid: "Must be a valid id" } as const;

const idOf = (max: number, message: string = ID_TEXT.invalid) =>
  z.number(message).int(message).positive(message).max(max, message);
const coercedIdOf = (max: number, message: string = ID_TEXT.invalid) =>
  z.coerce.number(message).int(message).positive(message).max(max, message);

/** An id of an integer column in a JSON body (accounts, users, numbers, groups, templates…). */
export const intId = (message?: string) => idOf(MAX_INT_ID, message);
/** An id of a bigint column in a JSON body (subscribers, messages, sends, links…). */
export const bigId = (message?: string) => idOf(MAX_BIGINT_ID, message);

/** The same ids read from a path or a query string ("42"). */
export const intIdParam = (message?: string) => coercedIdOf(MAX_INT_ID, message);
export const bigIdParam = (message?: string) => coercedIdOf(MAX_BIGINT_ID, message);

/** `{ id }` path params: a path whose id is out of range answers 404 (error-handler.ts). */
export const intIdParams = z.object({ id: intIdParam() });
export const bigIdParams = z.object({ id: bigIdParam() });

/**
 * An integer-column id where negative pseudo-ids also mean something ('No Group' is -1, the
 * local templates of unverified toll-free accounts are negative): bounded both ways.
 */
export const signedIntId = (message: string = ID_TEXT.invalid) =>
  z.number(message).int(message).min(-MAX_INT_ID, message).max(MAX_INT_ID, message);
export const signedIntIdParam = (message: string = ID_TEXT.invalid) =>
  z.coerce.number(message).int(message).min(-MAX_INT_ID, message).max(MAX_INT_ID, message);
