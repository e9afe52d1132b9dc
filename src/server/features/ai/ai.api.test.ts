import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AI_TEXTS } from "../../../domain/ai";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { engine } from "./ai.service";

const t = await createTestServer();
const a = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, a.user.username, a.user.password);

describe("AI tools, offline engine", () => {
  it("says plainly that the suggestions come from templates, not an AI service", async () => {
    const res = await t.get("/api/ai/engine", { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      engine: "templates",
      notice: "Suggestions from templates: no AI service is configured",
    });
    expect((await t.get("/api/ai/engine")).statusCode).toBe(401);
    // With an AI service configured, no notice.
    const withAi = {
      ...t.ctx,
      config: { ...t.ctx.config, AI_BASE_URL: "http://ai.test/v1", AI_API_KEY: "k" },
    };
    expect(engine(withAi)).toEqual({ engine: "ai", notice: null });
  });

  it("shortens by rules, keeping variables, tracked links and URLs intact", async () => {
    const message =
      "Hi [first name], thank you very much for your order! We are really happy to tell you that your appointment is tomorrow. Please do not forget: [[link tracking id=12]] and https://example.com/Very/Long?and=please";
    const res = await t.post("/api/ai/shorten", { message }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().shortenedMessage as string;
    expect(out.length).toBeLessThan(message.length);
    expect(out).toContain("[first name]");
    expect(out).toContain("[[link tracking id=12]]");
    expect(out).toContain("https://example.com/Very/Long?and=please");
    expect(out).toContain("appt");
  });

  it("refuses empty or too long messages", async () => {
    expect((await t.post("/api/ai/shorten", { message: "" }, { cookie })).statusCode).toBe(400);
    const long = await t.post("/api/ai/shorten", { message: "a ".repeat(800) }, { cookie });
    expect(long.statusCode).toBe(400);
  });

  it("proposes messages from the prompt's words", async () => {
    const res = await t.post(
      "/api/ai/propose",
      { userPrompt: "20% off croissants this weekend" },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    const proposals = res.json().proposals as { message: string }[];
    expect(proposals.length).toBeGreaterThanOrEqual(2);
    expect(proposals[0]!.message).toContain("croissants");
    // Starter-template suggestions carry the business's own name, not a placeholder.
    expect(proposals.some((p) => p.message.includes(a.account.businessName))).toBe(true);
    const blank = await t.post("/api/ai/propose", { userPrompt: "   " }, { cookie });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(AI_TEXTS.invalidPrompt);
  });

  it("renders an image of the prompt as a JPEG under the MMS limit, stored with the account's uploads", async () => {
    const res = await t.post(
      "/api/ai/image",
      { prompt: "Fresh croissants on a sunny table" },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { filename, url } = res.json();
    expect(url).toBe(`${t.config.publicBase}/media/${a.account.id}/${filename}`);
    expect(filename).toMatch(/^[a-f0-9]{32}\.jpg$/);
    // Served like every upload, without a session (the carrier fetches MMS media).
    const served = await t.get(`/media/${a.account.id}/${filename}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    const file = await readFile(
      path.join(t.config.DATA_DIR, "uploads", String(a.account.id), filename),
    );
    expect(file.length).toBeLessThan(500 * 1024);
    expect((await sharp(file).metadata()).format).toBe("jpeg");
  });

  it("needs a session", async () => {
    expect((await t.post("/api/ai/propose", { userPrompt: "x" })).statusCode).toBe(401);
  });
});
