import { expect } from "vitest";
import type { TestServer } from "./harness";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Calls /api/v1 as an integrator does: a bearer key, no browser cookie, an optional idempotency key. */
export function v1Client(t: TestServer) {
  function call(
    key: string,
    method: Method,
    url: string,
    body?: unknown,
    idem?: string,
    headers: Record<string, string> = {},
  ) {
    return t.request({
      method,
      url,
      body,
      csrf: false,
      headers: {
        authorization: `Bearer ${key}`,
        ...(idem ? { "idempotency-key": idem } : {}),
        ...headers,
      },
    });
  }
  /** The answer's body, once its status is the expected one (the body is the failure message). */
  async function ok<T = Record<string, unknown>>(
    res: Promise<{ statusCode: number; body: string; json(): unknown }>,
    status = 200,
  ) {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    return r.json() as T;
  }
  return { call, ok };
}
