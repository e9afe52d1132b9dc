import { describe, expect, it } from "vitest";
import { beginShutdown, expectedAtShutdown, isShutdownCancellation } from "./shutdown";

describe("shutdown", () => {
  const terminated = Object.assign(
    new Error("terminating connection due to administrator command"),
    {
      code: "57P01",
    },
  );
  // drizzle wraps the driver's error: "Failed query: rollback", the cause beneath.
  const wrapped = new Error("Failed query: rollback\nparams: ", { cause: terminated });

  it("knows a query cut off by the database or the pool going away, wrapped or not", () => {
    expect(isShutdownCancellation(terminated)).toBe(true);
    expect(isShutdownCancellation(wrapped)).toBe(true);
    expect(isShutdownCancellation(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isShutdownCancellation(new Error('relation "x" does not exist'))).toBe(false);
    expect(isShutdownCancellation(undefined)).toBe(false);
  });

  it("expects them only once the process is stopping", () => {
    expect(expectedAtShutdown(wrapped)).toBe(false);
    beginShutdown();
    expect(expectedAtShutdown(wrapped)).toBe(true);
    expect(expectedAtShutdown(new Error("duplicate key"))).toBe(false);
  });
});
