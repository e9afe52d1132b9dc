import { describe, expect, it } from "vitest";
import {
  addressAllowed,
  blockedAddressClass,
  blockedHostName,
  EMPTY_ALLOW_LIST,
  OUTBOUND_TEXT,
  parseAllowList,
  urlHostProblem,
} from "./outbound-address";

describe("blockedAddressClass", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["fe80::1", "link-local"],
    ["fc00::1", "unique local"],
    ["fd00:ec2::254", "unique local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.1", "reserved"],
    // IPv6 forms carrying an IPv4 address are judged by that address.
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::127.0.0.1", "loopback"],
    ["::ffff:0:169.254.169.254", "link-local"],
    ["64:ff9b::192.168.0.1", "private"],
    // Tunnels that could carry anything are refused outright.
    ["2002:7f00:1::", "6to4"],
  ])("%s is %s", (address, label) => {
    expect(blockedAddressClass(address)).toBe(label);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "2001:4860:4860::8888",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
  ])("%s is public", (address) => {
    expect(blockedAddressClass(address)).toBeNull();
  });
});

describe("blockedHostName", () => {
  it.each([
    "localhost",
    "LOCALHOST.",
    "api.localhost",
    "localhost.localdomain",
    "ip6-localhost",
    "metadata.google.internal",
    "receiver.internal",
    "printer.local",
    "metadata",
    "instance-data",
  ])("%s is refused", (name) => {
    expect(blockedHostName(name)).not.toBeNull();
  });

  it.each(["example.com", "hooks.zapier.com", "localhost.example.com", "internal.example.com"])(
    "%s is not",
    (name) => {
      expect(blockedHostName(name)).toBeNull();
    },
  );
});

describe("urlHostProblem", () => {
  const problem = (url: string, allow = EMPTY_ALLOW_LIST) => urlHostProblem(allow, new URL(url));

  it("refuses literal internal addresses, in every spelling the URL parser accepts", () => {
    for (const url of [
      "http://127.0.0.1:8080/internal",
      "http://127.1/",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://0x7f000001/",
      "http://017700000001/",
      "http://0177.0.0.1/",
      "http://127.0.0.1./",
      "http://%31%32%37.0.0.1/",
      "http://user:pass@127.0.0.1/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[0:0:0:0:0:ffff:7f00:1]/",
      "http://0.0.0.0/",
      "http://10.0.0.1/",
      "http://172.16.0.1/",
      "http://192.168.0.1/",
      "https://169.254.169.254/latest/meta-data/",
      "http://[fc00::1]/",
      "http://localhost:3000/",
      "http://metadata.google.internal/",
    ])
      expect(problem(url), url).toBe(OUTBOUND_TEXT.blocked);
  });

  it("lets public addresses and names through (their DNS answer is checked when called)", () => {
    expect(problem("https://hooks.example.com/x")).toBeNull();
    expect(problem("http://8.8.8.8/")).toBeNull();
    expect(problem("http://[2001:db9::1]/")).toBeNull();
  });

  it("refuses other schemes", () => {
    expect(problem("ftp://example.com/")).toBe(OUTBOUND_TEXT.scheme);
  });

  it("lets the operator's allow-list through, and nothing else", () => {
    const allow = parseAllowList("127.0.0.0/8, receiver.internal, *.corp.internal, fd00::/8");
    expect(problem("http://127.0.0.1:9/", allow)).toBeNull();
    expect(problem("http://127.1/", allow)).toBeNull();
    expect(problem("http://[::ffff:127.0.0.1]/", allow)).toBeNull();
    expect(problem("http://receiver.internal/", allow)).toBeNull();
    expect(problem("http://a.b.corp.internal/", allow)).toBeNull();
    expect(problem("http://[fd00::5]/", allow)).toBeNull();
    expect(problem("http://10.0.0.1/", allow)).toBe(OUTBOUND_TEXT.blocked);
    expect(problem("http://[::1]/", allow)).toBe(OUTBOUND_TEXT.blocked);
    expect(problem("http://other.internal/", allow)).toBe(OUTBOUND_TEXT.blocked);
    expect(problem("http://corp.internal/", allow)).toBe(OUTBOUND_TEXT.blocked);
  });
});

describe("parseAllowList", () => {
  it("reads ranges, addresses and names", () => {
    const allow = parseAllowList(
      " 10.0.0.0/8,192.168.1.5  ::1, Receiver.Internal ,*.corp.internal",
    );
    expect(allow.names).toEqual(["receiver.internal"]);
    expect(allow.suffixes).toEqual([".corp.internal"]);
    expect(addressAllowed(allow, "10.9.9.9")).toBe(true);
    expect(addressAllowed(allow, "192.168.1.5")).toBe(true);
    expect(addressAllowed(allow, "192.168.1.6")).toBe(false);
    expect(addressAllowed(allow, "::1")).toBe(true);
    expect(parseAllowList("")).toEqual(EMPTY_ALLOW_LIST);
  });

  it.each(["10.0.0.0/33", "10.0.0/8", "127.1", "not a host!", "under_score.example", "http://x"])(
    "refuses %s",
    (raw) => {
      expect(() => parseAllowList(raw)).toThrow(/"/);
    },
  );
});
