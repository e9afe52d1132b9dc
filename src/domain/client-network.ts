/**
 * The network a client address belongs to, for limits that one person with many addresses should
 * not slip past: an IPv4 address's /24, an IPv6 address's /64 (what one subscriber is usually
 * given). IPv4 written inside IPv6 (`::ffff:1.2.3.4`) counts as the IPv4 address it is.
 * Returns null for anything that is not an IP address.
 */
export function clientNetwork(ip: string): string | null {
  const bare = ip.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  const v4 = ipv4Parts(mapped ? mapped[1]! : bare);
  if (v4) return `${v4.slice(0, 3).join(".")}.0/24`;
  const groups = ipv6Groups(bare);
  if (!groups) return null;
  return `${groups.slice(0, 4).join(":")}::/64`;
}

function ipv4Parts(s: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((n) => n <= 255) ? parts : null;
}

/** The eight groups of an IPv6 address, each as lower-case hex without leading zeros. */
function ipv6Groups(s: string): string[] | null {
  if (!s.includes(":")) return null;
  let text = s;
  // A dotted IPv4 tail is the last two groups.
  const tail = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const p = ipv4Parts(tail[1]!);
    if (!p) return null;
    const hi = ((p[0]! << 8) | p[1]!).toString(16);
    const lo = ((p[2]! << 8) | p[3]!).toString(16);
    text = `${text.slice(0, tail.index)}:${hi}:${lo}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => Number.parseInt(g, 16).toString(16));
}
