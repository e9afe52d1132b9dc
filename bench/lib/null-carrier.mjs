// A null carrier for the benchmarks: an HTTP server that answers Twilio's Messages.json the way
// Twilio does and does nothing else, counting each call by its idempotency key (duplicates) and
// the first arrival per recipient (latency), so figures are Parley's own cost, not a carrier's.
import { readFileSync } from "node:fs";
import http from "node:http";

export const NULL_CARRIER_SID = `AC${"0".repeat(31)}1`;

/**
 * `latencyMs` holds each answer that long, as a real carrier's round trip does (0: at once, so a
 * benchmark measures Parley's own CPU).
 */
export async function startNullCarrier({ latencyMs = 0 } = {}) {
  const state = {
    calls: new Map(), // idempotency key → count
    arrivals: new Map(), // To → ms (performance.now) of its first call
    total: 0,
    first: 0,
    last: 0,
  };
  // Never reset: a SID is unique at a carrier, and Parley stores it under a unique index.
  let sids = 0;
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST" && req.url.endsWith("/Messages.json")) {
        const now = performance.now();
        state.total++;
        if (!state.first) state.first = now;
        state.last = now;
        const key = req.headers["idempotency-key"];
        state.calls.set(key, (state.calls.get(key) ?? 0) + 1);
        const to = new URLSearchParams(Buffer.concat(chunks).toString()).get("To");
        if (!state.arrivals.has(to)) state.arrivals.set(to, now);
        const body = `{"sid":"SM${(++sids).toString(16).padStart(32, "0")}","status":"queued","num_segments":"1","error_code":null}`;
        const answer = () => {
          res.writeHead(201, { "content-type": "application/json" });
          res.end(body);
        };
        if (latencyMs > 0) setTimeout(answer, latencyMs);
        else answer();
        return;
      }
      // Messages.json list (the lookup before a resend) and anything else: empty.
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"messages":[]}');
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const port = server.address().port;
  return {
    state,
    /** Forget what was counted (between phases of a benchmark). */
    reset() {
      state.calls.clear();
      state.arrivals.clear();
      state.total = 0;
      state.first = 0;
      state.last = 0;
    },
    /** What a Parley process needs to speak to it, limits lifted. */
    env: {
      TWILIO_ACCOUNT_SID: NULL_CARRIER_SID,
      PAYMENTS: "test",
      TWILIO_AUTH_TOKEN: "null-carrier-token-0123456789",
      TWILIO_API_BASE: `http://127.0.0.1:${port}`,
      SEND_MPS_LONG_CODE: "1000000",
      SEND_MPS_TOLL_FREE: "1000000",
      SEND_WINDOWS: "off",
    },
    close: () => server.close(),
  };
}

/** CPU seconds a process has used (user + system), from /proc. */
export function cpuSeconds(pid) {
  const fields = readProcStat(pid);
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function readProcStat(pid) {
  return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
}
