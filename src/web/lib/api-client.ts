import type { z } from "zod";
import { type ErrorCode, isErrorBody } from "../../domain/errors";
import { TEXT } from "../../domain/texts";
import { translateMessage } from "../i18n";
import { notify } from "./notify";

const TIMEOUT_MS = 30_000;
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NETWORK" | "OFFLINE" | "TIMEOUT",
    message: string,
    readonly extra: { reason?: string; fields?: Record<string, string>; silent?: boolean } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

interface RequestOptions<T> {
  body?: unknown;
  schema?: z.ZodType<T>;
  /** Writes toast their errors by default; reads do not (spec doc 1 §8: fetches do not toast). */
  toast?: boolean;
  /** A 401 here is an answer, not an expired session (the login form, the token check). */
  allow401?: boolean;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The router registers what an expired session does (clear state, go to login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

type ForbiddenHandler = (reason: string | undefined) => void;
let onForbidden: ForbiddenHandler = () => {};

/** The account-state notice learns here that a call was refused for the account's state. */
export function setForbiddenHandler(handler: ForbiddenHandler) {
  onForbidden = handler;
}

/** For callers that learn of an ended session without a 401 (the periodic token check). */
export function sessionEnded() {
  onUnauthorized();
}

async function request<T>(method: string, url: string, opts: RequestOptions<T> = {}): Promise<T> {
  const toast = opts.toast ?? method !== "GET";
  try {
    const data = await send(method, url, opts);
    return opts.schema ? opts.schema.parse(data) : (data as T);
  } catch (err) {
    const error = toApiError(err);
    if (error.code === "ACCOUNT_FORBIDDEN") onForbidden(error.extra.reason);
    if (error.status === 401 && !opts.allow401) onUnauthorized();
    else if (toast && !error.extra.silent) notify.error(error.message);
    throw error;
  }
}

async function send(method: string, url: string, opts: RequestOptions<unknown>): Promise<unknown> {
  const headers: Record<string, string> = { accept: "application/json", "x-parley-csrf": "1" };
  const multipart = opts.body instanceof FormData;
  // FormData sets its own multipart boundary; everything else goes as JSON.
  if (opts.body !== undefined && !multipart) headers["content-type"] = "application/json";
  const response = await fetch(url, {
    method,
    headers,
    credentials: "same-origin",
    body:
      opts.body === undefined
        ? undefined
        : multipart
          ? (opts.body as FormData)
          : JSON.stringify(opts.body),
    // Uploads of large files may take longer than an ordinary call.
    signal: AbortSignal.timeout(multipart ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS),
  });
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (response.ok) return data;
  if (isErrorBody(data)) {
    throw new ApiError(response.status, data.error.code, data.error.message, {
      reason: data.error.reason,
      fields: data.error.fields,
    });
  }
  throw new ApiError(
    response.status,
    response.status >= 500 ? "INTERNAL" : "BAD_REQUEST",
    TEXT.serverError,
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Maps what fetch can throw to the texts of spec doc 1 §8. */
function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof DOMException && (err.name === "TimeoutError" || err.name === "AbortError")) {
    return new ApiError(
      0,
      "TIMEOUT",
      `${translateMessage(TEXT.timedOut)} ${translateMessage(TEXT.contactSupport)}`,
    );
  }
  if (typeof navigator !== "undefined" && navigator.onLine === false) {
    return new ApiError(0, "OFFLINE", TEXT.offline);
  }
  // 'Failed to fetch' (a page unloading, a blocked request): no toast.
  return new ApiError(0, "NETWORK", err instanceof Error ? err.message : "Failed to fetch", {
    silent: true,
  });
}

export const api = {
  get: <T>(url: string, opts?: Omit<RequestOptions<T>, "body">) => request<T>("GET", url, opts),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions<T>) =>
    request<T>("POST", url, { ...opts, body }),
  put: <T>(url: string, body?: unknown, opts?: RequestOptions<T>) =>
    request<T>("PUT", url, { ...opts, body }),
  patch: <T>(url: string, body?: unknown, opts?: RequestOptions<T>) =>
    request<T>("PATCH", url, { ...opts, body }),
  /** Multipart upload: `form` carries the file field(s) the route expects. */
  upload: <T>(url: string, form: FormData, opts?: RequestOptions<T>) =>
    request<T>("POST", url, { ...opts, body: form }),
  delete: <T>(url: string, opts?: RequestOptions<T>) => request<T>("DELETE", url, opts),
};
