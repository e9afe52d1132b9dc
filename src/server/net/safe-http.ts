import { lookup } from "node:dns/promises";
import { Agent, buildConnector, request } from "undici";
import { AppError } from "../../domain/errors";
import {
  addressAllowed,
  blockedAddressClass,
  blockedHostName,
  isIpLiteral,
  nameAllowed,
  OUTBOUND_TEXT,
  type OutboundAllowList,
  urlHostProblem,
} from "../../domain/outbound-address";

/**
 * The one HTTP client for requests whose URL a tenant or a visitor chose (webhook endpoints,
 * Zapier hooks, automation webhook steps). It resolves the name itself, refuses internal
 * addresses (src/domain/outbound-address.ts) and connects to the very address it checked, so a
 * name cannot answer "public" to the check and "127.0.0.1" to the connection. Redirects are not
 * followed. Requests to operator-configured services (carrier, HubSpot, Zoom…) do not go here.
 */

/** Every address a name resolves to (the system resolver by default; tests inject one). */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** The destination is internal: the caller records why and does not try again. */
export class BlockedDestinationError extends Error {
  override name = "BlockedDestinationError";
}

export interface OutboundInit {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface OutboundAnswer {
  statusCode: number;
  text(): Promise<string>;
  /** Reads and drops the body (the connection goes back to the pool). */
  dump(): Promise<void>;
}

export class SafeHttp {
  private readonly agent: Agent;

  constructor(
    private readonly allow: OutboundAllowList,
    private readonly resolve: Resolver = systemResolver,
  ) {
    const connect = buildConnector({ timeout: 10_000 });
    this.agent = new Agent({
      connections: 64,
      keepAliveTimeout: 30_000,
      // The check runs where the socket is opened: undici hands over the URL's host and this
      // connects to the address that passed, keeping the name for TLS (SNI, certificate).
      connect: (opts, callback) => {
        this.addressFor(opts.hostname).then(
          (address) => connect({ ...opts, hostname: address }, callback),
          (err: Error) => callback(err, null),
        );
      },
    });
  }

  /**
   * Save time: refuses a URL whose host is an internal address or name by itself, with a 400
   * the form shows. Names that resolve inside are caught when a request is made.
   */
  assertAllowedUrl(url: string, field = "url"): void {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return; // the route's schema reports a malformed URL
    }
    const problem = urlHostProblem(this.allow, parsed);
    if (problem)
      throw new AppError("VALIDATION", problem, {
        reason: "blocked_destination",
        fields: { [field]: problem },
      });
  }

  /** One request; throws BlockedDestinationError for an internal destination. */
  async request(url: string, init: OutboundInit): Promise<OutboundAnswer> {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
      throw new BlockedDestinationError(OUTBOUND_TEXT.scheme);
    // The connector checks again (and resolves names); this refuses a literal before a socket.
    if (urlHostProblem(this.allow, parsed))
      throw new BlockedDestinationError(refusal(parsed.hostname, null));
    // undici's request() never follows a redirect: a 3xx is the answer, not a second request.
    const res = await request(parsed, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      dispatcher: this.agent,
      headersTimeout: init.timeoutMs,
      bodyTimeout: init.timeoutMs,
    });
    return {
      statusCode: res.statusCode,
      text: () => res.body.text(),
      dump: () => res.body.dump(),
    };
  }

  /** The address to connect to for a host, or a BlockedDestinationError saying why not. */
  async addressFor(hostname: string): Promise<string> {
    const host = hostname.replace(/^\[|\]$/g, "");
    if (isIpLiteral(host)) {
      if (addressAllowed(this.allow, host) || !blockedAddressClass(host)) return host;
      throw new BlockedDestinationError(refusal(host, null));
    }
    const trustedName = nameAllowed(this.allow, host);
    if (!trustedName && blockedHostName(host))
      throw new BlockedDestinationError(refusal(host, null));
    const addresses = await this.resolve(host);
    if (addresses.length === 0) throw new Error(`${host} has no address`);
    if (!trustedName) {
      // Every answer must pass: the system may connect to any of them.
      const inside = addresses.find(
        (a) => !addressAllowed(this.allow, a) && blockedAddressClass(a) !== null,
      );
      if (inside) throw new BlockedDestinationError(refusal(host, inside));
    }
    return addresses[0]!;
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

function refusal(hostname: string, address: string | null): string {
  const host = hostname.replace(/^\[|\]$/g, "");
  const what =
    (address
      ? blockedAddressClass(address)
      : isIpLiteral(host)
        ? blockedAddressClass(host)
        : blockedHostName(host)) ?? "internal";
  const where = address ? `${host} resolves to ${address} (${what})` : `${host} is ${what}`;
  return `${where}. ${OUTBOUND_TEXT.blocked}`;
}
