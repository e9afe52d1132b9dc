import ipaddr from "ipaddr.js";

/**
 * Which addresses Parley may send a request to when a tenant or a visitor chose the URL (webhook
 * endpoints, Zapier hooks, automation webhook steps). Only public unicast addresses: loopback,
 * private, link-local (cloud metadata lives there), CGNAT, multicast, reserved and the IPv6 forms
 * that embed such an IPv4 address are refused, unless the operator allows them (OUTBOUND_ALLOW).
 * Pure: the DNS look-up and the connection are src/server/net/safe-http.ts.
 */

export const OUTBOUND_TEXT = {
  blocked: "This address is on a private or internal network; Parley does not send to it.",
  scheme: "Only http:// and https:// addresses can be called.",
};

/** What the refusal says the address is, by ipaddr.js range name. */
const RANGE_LABEL: Record<string, string> = {
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "link-local",
  loopback: "loopback",
  carrierGradeNat: "carrier-grade NAT",
  private: "private",
  reserved: "reserved",
  uniqueLocal: "unique local",
  deprecatedSiteLocal: "site-local",
};

/**
 * IPv6 forms that carry an IPv4 address a host may route to: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), SIIT (::ffff:0:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d). Judged by
 * the IPv4 address inside, so ::ffff:127.0.0.1 is loopback.
 */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  const v4 = () => new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  // :: and ::1 are IPv6's own unspecified and loopback.
  if (zeros(0, 6) && !(p[6] === 0 && (p[7] === 0 || p[7] === 1))) return v4();
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return v4();
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return v4();
  return null;
}

/**
 * Why an IP address is not to be called (`"loopback"`, `"private"` …), or null for a public one.
 * Anything that is not plain global unicast is refused (6to4, Teredo and the other tunnels too).
 */
export function blockedAddressClass(address: string): string | null {
  const text = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(text)) return "not an IP address";
  let ip: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(text);
  if (ip.kind() === "ipv6") ip = embeddedIPv4(ip as ipaddr.IPv6) ?? ip;
  const range = ip.range();
  if (range === "unicast") return null;
  return RANGE_LABEL[range] ?? range;
}

/** Names that are this machine, the local network or a cloud's metadata service by themselves. */
export function blockedHostName(hostname: string): string | null {
  const h = hostname.toLowerCase().replace(/\.$/, "");
  if (h === "localhost" || h.endsWith(".localhost") || h === "localhost.localdomain")
    return "loopback";
  if (h === "ip6-localhost" || h === "ip6-loopback") return "loopback";
  // metadata.google.internal, instance-data.ec2.internal; .internal and .local are private by
  // definition (ICANN's private-use name, mDNS).
  if (h.endsWith(".internal") || h === "internal") return "internal name";
  if (h.endsWith(".local") || h === "local") return "local network name";
  if (h === "metadata" || h === "instance-data") return "cloud metadata";
  return null;
}

/** IP-literal test without parsing odd forms: URL hostnames are already normalised. */
export function isIpLiteral(hostname: string): boolean {
  return ipaddr.isValid(hostname.replace(/^\[|\]$/g, ""));
}

/** The operator's exceptions (OUTBOUND_ALLOW): address ranges and host names. */
export interface OutboundAllowList {
  ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][];
  /** Exact names, lower case. */
  names: string[];
  /** `*.example.internal`: any name under it (kept as `.example.internal`). */
  suffixes: string[];
}

export const EMPTY_ALLOW_LIST: OutboundAllowList = { ranges: [], names: [], suffixes: [] };

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** An address as an operator writes one: dotted quad or IPv6, not `127.1` or hex forms. */
const isPlainAddress = (e: string) =>
  ipaddr.IPv4.isValidFourPartDecimal(e) || (e.includes(":") && ipaddr.IPv6.isValid(e));

/**
 * Parses `10.0.0.0/8, 192.168.1.5, fd00::/8, receiver.internal, *.corp.internal`. Throws an
 * Error naming the first entry it cannot read.
 */
export function parseAllowList(raw: string): OutboundAllowList {
  const list: OutboundAllowList = { ranges: [], names: [], suffixes: [] };
  for (const entry of raw.split(/[\s,]+/).filter(Boolean)) {
    const e = entry.toLowerCase();
    if (e.includes("/")) {
      if (!ipaddr.isValidCIDR(e) || !isPlainAddress(e.split("/")[0]!))
        throw new Error(`"${entry}" is not an address range`);
      list.ranges.push(ipaddr.parseCIDR(e));
    } else if (isPlainAddress(e)) {
      const ip = ipaddr.parse(e);
      list.ranges.push([ip, ip.kind() === "ipv4" ? 32 : 128]);
    } else if (e.startsWith("*.") && HOST_NAME.test(e.slice(2))) {
      list.suffixes.push(e.slice(1));
    } else if (HOST_NAME.test(e) && !/^[0-9.]+$/.test(e)) {
      list.names.push(e);
    } else {
      throw new Error(
        `"${entry}" is neither an address, an address range (10.0.0.0/8) nor a host name`,
      );
    }
  }
  return list;
}

export function nameAllowed(allow: OutboundAllowList, hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, "");
  return allow.names.includes(h) || allow.suffixes.some((s) => h.endsWith(s));
}

export function addressAllowed(allow: OutboundAllowList, address: string): boolean {
  const text = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(text)) return false;
  const ip = ipaddr.parse(text);
  const forms: (ipaddr.IPv4 | ipaddr.IPv6)[] = [ip];
  if (ip.kind() === "ipv6") {
    const inner = embeddedIPv4(ip as ipaddr.IPv6);
    if (inner) forms.push(inner);
  }
  return forms.some((f) =>
    allow.ranges.some(([net, bits]) => net.kind() === f.kind() && f.match(net, bits)),
  );
}

/**
 * What a URL's host says before any DNS look-up: null when it may be tried, else why not. The
 * WHATWG URL parser has already turned `127.1`, `2130706433` and `0x7f.1` into `127.0.0.1`.
 */
export function urlHostProblem(allow: OutboundAllowList, url: URL): string | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") return OUTBOUND_TEXT.scheme;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIpLiteral(host)) {
    if (addressAllowed(allow, host)) return null;
    return blockedAddressClass(host) ? OUTBOUND_TEXT.blocked : null;
  }
  if (nameAllowed(allow, host)) return null;
  return blockedHostName(host) ? OUTBOUND_TEXT.blocked : null;
}
