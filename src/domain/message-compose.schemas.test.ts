import { describe, expect, it } from "vitest";
import {
  COMPOSE_TEXT,
  fileExtension,
  isImageName,
  signatureUpdate,
  testSendRequest,
} from "./message-compose.schemas";

function firstError(input: Record<string, unknown>) {
  const parsed = testSendRequest.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
}

describe("testSendRequest", () => {
  it("requires a valid phone number", () => {
    expect(firstError({ message: "Hi" })).toBe(COMPOSE_TEXT.phoneRequired);
    expect(firstError({ message: "Hi", subscribers: "  " })).toBe(COMPOSE_TEXT.phoneRequired);
    expect(firstError({ message: "Hi", subscribers: "12345" })).toBe(COMPOSE_TEXT.phoneInvalid);
    const ok = testSendRequest.parse({ message: "Hi", subscribers: "(312) 555-0142" });
    expect(ok.subscribers).toBe("+13125550142");
  });
  it("needs a message for SMS and a message or image for MMS", () => {
    expect(firstError({ message: "", subscribers: "3125550142" })).toBe("Enter message");
    expect(firstError({ message: "", isMMS: true, subscribers: "3125550142" })).toBe(
      "Image is required if MMS message is empty",
    );
  });
});

describe("uploads", () => {
  it("knows image names by extension", () => {
    expect(fileExtension("Photo.JPEG")).toBe("jpeg");
    expect(isImageName("a.bmp")).toBe(true);
    expect(isImageName("a.webp")).toBe(false);
    expect(isImageName("noext")).toBe(false);
  });
});

describe("signatureUpdate", () => {
  it("trims, normalises and limits the signature", () => {
    expect(signatureUpdate.parse({ signature: "  – Ann ", isEnabled: true }).signature).toBe(
      "- Ann",
    );
    expect(signatureUpdate.safeParse({ signature: "x".repeat(101), isEnabled: true }).success).toBe(
      false,
    );
  });
});
