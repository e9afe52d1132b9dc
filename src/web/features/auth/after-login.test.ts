import { describe, expect, it } from "vitest";
import { afterLoginPath } from "./after-login";

describe("afterLoginPath", () => {
  it("goes to the dashboard, or the inbox in a frame", () => {
    expect(afterLoginPath("", false)).toBe("/dashboard");
    expect(afterLoginPath("", true)).toBe("/inbox");
  });

  it("honours redirectTo and keeps the other query parameters", () => {
    expect(afterLoginPath("?redirectTo=%2Finbox%3Fconversation%3D5", false)).toBe(
      "/inbox?conversation=5",
    );
    expect(afterLoginPath("?redirectTo=/reports/opt-outs&utm=x", false)).toBe(
      "/reports/opt-outs?utm=x",
    );
    expect(afterLoginPath("?foo=1", false)).toBe("/dashboard?foo=1");
  });

  it("leaves the login page's own flags behind", () => {
    expect(afterLoginPath("?magic_token=abc&redirectTo=/inbox", false)).toBe("/inbox");
    expect(afterLoginPath("?ssoError=1&src=google&utm=x", false)).toBe("/dashboard?utm=x");
  });

  it("refuses to leave the site", () => {
    expect(afterLoginPath("?redirectTo=https://evil.example", false)).toBe("/dashboard");
    expect(afterLoginPath("?redirectTo=//evil.example/x", false)).toBe("/dashboard");
    expect(afterLoginPath("?redirectTo=/auth/login", false)).toBe("/dashboard");
  });
});
