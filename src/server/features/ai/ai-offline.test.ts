import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageOffline } from "./ai-offline";

describe("the offline image", () => {
  it("renders any prompt, control characters and astral ones included", async () => {
    // Found by the fuzz test: a control character made the SVG unparseable (a 500).
    const jpeg = await imageOffline("\u{96738}\u{EB48D}\u0006 coffee\u0000 \uFFFF");
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1024, height: 1024 });
  });
});
