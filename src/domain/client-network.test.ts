import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network";

describe("clientNetwork", () => {
  it("groups IPv4 addresses by /24, mapped or not", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.0/24");
    expect(clientNetwork("::ffff:203.0.113.200")).toBe("203.0.113.0/24");
  });
  it("groups IPv6 addresses by /64 whatever their spelling", () => {
    expect(clientNetwork("2001:db8:0:1::5")).toBe("2001:db8:0:1::/64");
    expect(clientNetwork("2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:0:1::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
  });
  it("knows no network for what is not an address", () => {
    expect(clientNetwork("unknown")).toBeNull();
    expect(clientNetwork("300.1.1.1")).toBeNull();
    expect(clientNetwork("1:2:3")).toBeNull();
  });
});
