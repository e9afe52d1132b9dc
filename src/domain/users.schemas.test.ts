import { describe, expect, it } from "vitest";
import { resetPasswordForm } from "./auth.schemas";
import { inviteSignupForm, inviteUserRequest } from "./users.schemas";

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
  );
}

describe("invitation sign-up form", () => {
  it("says every mistake at once, the mismatch too", () => {
    const r = inviteSignupForm.safeParse({
      username: "",
      email: "x",
      phoneNumber: "12",
      password: "long-enough",
      confirmPassword: "different",
    });
    expect(messages(r)).toEqual({
      username: "Username is required",
      email: "Enter valid email",
      phoneNumber: "Invalid phone number",
      confirmPassword: "Passwords must match",
    });
  });
  it("keeps a US number as E.164 and a blank phone as none", () => {
    const base = {
      username: "a",
      email: "a@b.co",
      password: "12345678",
      confirmPassword: "12345678",
    };
    expect(inviteSignupForm.parse({ ...base, phoneNumber: "(415) 555-0142" }).phoneNumber).toBe(
      "+14155550142",
    );
    expect(inviteSignupForm.parse({ ...base, phoneNumber: " " }).phoneNumber).toBeNull();
  });
});

describe("user form", () => {
  it("uses the spec's words", () => {
    expect(
      messages(
        inviteUserRequest.safeParse({
          email: "",
          permissionLevel: null,
          groupIds: [],
          longcodeIds: [],
        }),
      ),
    ).toEqual({
      email: "Enter an email",
      permissionLevel: "Enter a permission level",
      disableMassMessaging: "Disable Mass Messaging Status required",
    });
    const agent = inviteUserRequest.safeParse({
      email: "a@b.co",
      permissionLevel: 0,
      groupIds: [],
      longcodeIds: [],
      disableMassMessaging: false,
    });
    expect(messages(agent)).toEqual({ groupIds: "Users must be assigned a group" });
  });
});

describe("reset password form", () => {
  it("asks for both fields before comparing them", () => {
    expect(messages(resetPasswordForm.safeParse({ newPassword: "", confirmPassword: "" }))).toEqual(
      {
        newPassword: "New Password is required",
        confirmPassword: "Confirm New Password is required",
      },
    );
    expect(
      messages(
        resetPasswordForm.safeParse({ newPassword: "12345678", confirmPassword: "12345679" }),
      ),
    ).toEqual({ confirmPassword: "Passwords do not match. Please try again." });
  });
});
