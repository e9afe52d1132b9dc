import { describe, expect, it } from "vitest";
import { createTestServer } from "../test/harness";
import { PARLEY_VERSION } from "../version";

// GET /metrics: Prometheus' text format, for loopback or the bearer of METRICS_TOKEN only.
const open = await createTestServer();
const locked = await createTestServer({ env: { METRICS_TOKEN: "a-long-metrics-token-123" } });

describe("metrics", () => {
  it("reports HTTP traffic, queue depths and job lag to a caller on loopback", async () => {
    await open.get("/healthz");
    const res = await open.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toContain(
      'parley_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}',
    );
    for (const name of [
      "parley_messages_pending",
      "parley_event_work_pending",
      "parley_jobs_pending",
      "parley_send_runs_active 0",
      "parley_messages_dispatched_total",
      "parley_process_resident_memory_bytes",
      `parley_build_info{version="${PARLEY_VERSION}"} 1`,
    ])
      expect(res.body).toContain(name);
  });

  it("refuses other addresses without a token, and wrong tokens", async () => {
    const far = await open.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.9",
    });
    expect(far.statusCode).toBe(403);
    expect(far.body).not.toContain("parley_");
    const none = await locked.app.inject({ method: "GET", url: "/metrics" });
    expect(none.statusCode).toBe(401);
    const wrong = await locked.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer nope-nope-nope-nope" },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await locked.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      headers: { authorization: "Bearer a-long-metrics-token-123" },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain("parley_messages_pending");
  });
});
