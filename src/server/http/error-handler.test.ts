import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { BUSY_MESSAGE, errorHandler } from "./error-handler";

/** What a caller sees when the database gives up waiting: 503, nothing changed, try again. */
async function answerTo(error: Error) {
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  app.get("/boom", async () => {
    throw error;
  });
  const res = await app.inject({ method: "GET", url: "/boom" });
  await app.close();
  return res;
}

function pgError(code: string, message: string) {
  return Object.assign(new Error(message), { code });
}

describe("a database that gives up waiting", () => {
  it.each([
    ["no free pooled connection", new Error("timeout exceeded when trying to connect")],
    [
      "a statement past its limit",
      pgError("57014", "canceling statement due to statement timeout"),
    ],
    ["a lock not had in time", pgError("55P03", "canceling statement due to lock timeout")],
    [
      "an idle transaction ended",
      pgError("25P03", "terminating connection due to idle-in-transaction timeout"),
    ],
    [
      "the same, wrapped by the query builder",
      new Error("Failed query: select 1", { cause: pgError("57014", "canceling statement") }),
    ],
  ])("%s answers 503 BUSY with Retry-After", async (_name, error) => {
    const res = await answerTo(error);
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual({ error: { code: "BUSY", message: BUSY_MESSAGE } });
  });

  it("any other failure stays a 500 whose details are not shown", async () => {
    const res = await answerTo(new Error("secret detail"));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("secret detail");
  });
});
