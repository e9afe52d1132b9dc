import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { OUTBOUND_TEXT, parseAllowList } from "../../domain/outbound-address";
import { BlockedDestinationError, type Resolver, SafeHttp } from "./safe-http";

/** A receiver on loopback that counts what reaches it. */
let hits = 0;
const server = http.createServer((req, res) => {
  hits++;
  res.statusCode = req.url === "/redirect" ? 302 : 200;
  if (req.url === "/redirect") res.setHeader("location", "http://127.0.0.1:9/elsewhere");
  res.end("ok");
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const port = (server.address() as AddressInfo).port;

const clients: SafeHttp[] = [];
function client(allow: string, resolver?: Resolver) {
  const c = new SafeHttp(parseAllowList(allow), resolver);
  clients.push(c);
  return c;
}
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await new Promise<void>((r) => server.close(() => r()));
});

const post = { method: "POST" as const, body: "{}", timeoutMs: 5_000 };

describe("SafeHttp", () => {
  it("refuses loopback in any spelling, and nothing reaches the receiver", async () => {
    const safe = client("");
    const before = hits;
    for (const host of [
      "127.0.0.1",
      "127.1",
      "2130706433",
      "0x7f.1",
      "[::ffff:127.0.0.1]",
      "localhost",
    ]) {
      const err = await safe.request(`http://${host}:${port}/`, post).catch((e: unknown) => e);
      expect(err, host).toBeInstanceOf(BlockedDestinationError);
      expect((err as Error).message).toContain(OUTBOUND_TEXT.blocked);
    }
    expect(hits).toBe(before);
  });

  it("refuses a name whose DNS answer is internal, and says which address it got", async () => {
    const safe = client("", async () => ["93.184.215.14", "127.0.0.1"]);
    const err = await safe
      .request(`http://hooks.example.com:${port}/`, post)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlockedDestinationError);
    expect((err as Error).message).toBe(
      `hooks.example.com resolves to 127.0.0.1 (loopback). ${OUTBOUND_TEXT.blocked}`,
    );
  });

  it("connects to the address it checked, not to a second look-up", async () => {
    let lookups = 0;
    // A rebinding name: the first answer is the one used.
    const safe = client("127.0.0.0/8", async () =>
      lookups++ === 0 ? ["127.0.0.1"] : ["10.0.0.1"],
    );
    const res = await safe.request(`http://rebind.example:${port}/`, post);
    expect(res.statusCode).toBe(200);
    await res.dump();
    expect(lookups).toBe(1);
  });

  it("lets the allow-list through, by range or by name", async () => {
    const byRange = client("127.0.0.0/8");
    const res = await byRange.request(`http://127.0.0.1:${port}/`, post);
    expect(res.statusCode).toBe(200);
    expect(await res.text()).toBe("ok");
    const byName = client("receiver.internal", async () => ["127.0.0.1"]);
    const named = await byName.request(`http://receiver.internal:${port}/`, post);
    expect(named.statusCode).toBe(200);
    await named.dump();
  });

  it("does not follow redirects", async () => {
    const safe = client("127.0.0.1");
    const before = hits;
    const res = await safe.request(`http://127.0.0.1:${port}/redirect`, post);
    expect(res.statusCode).toBe(302);
    await res.dump();
    expect(hits).toBe(before + 1);
  });

  it("refuses other schemes", async () => {
    await expect(client("").request("file:///etc/passwd", post)).rejects.toThrow(
      OUTBOUND_TEXT.scheme,
    );
  });
});
