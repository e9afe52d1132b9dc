/**
 * One error shape for server and web. The server throws AppError; the HTTP layer serialises it
 * as { error: { code, message, reason? } }; the web client parses the same shape.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_FORBIDDEN: 403,
  /** Not enough message credits (the composer shows the purchase dialog). */
  INSUFFICIENT_CREDITS: 402,
  INSUFFICIENT_INTERNATIONAL_CREDITS: 402,
  /** The card processor refused a charge or a card (billing). */
  PAYMENT_DECLINED: 402,
  FORBIDDEN: 403,
  CSRF: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A send time inside the account's quiet hours without 'send anyway'. */
  QUIET_HOURS: 409,
  NO_NUMBERS: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The database gave up waiting (pool, statement or lock limit): nothing was changed. */
  BUSY: 503,
  /** The file store (STORAGE=s3) refused or did not answer: nothing was stored. */
  STORAGE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; reason?: string; fields?: Record<string, string> };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly reason?: string;
  readonly fields?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { reason?: string; fields?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.reason = extra.reason;
    this.fields = extra.fields;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && "code" in error && "message" in error;
}
