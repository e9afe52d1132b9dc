import { AI_TEXTS, type AiEngine, PROPOSAL_MAX, shortenOffline } from "../../../domain/ai";
import type { Actor, AppContext } from "../../http/context";
import { getAccountContact } from "../account/account.service";
import { assertPixelCap, openImage } from "../composer/image-guard";
import { storeMedia } from "../composer/uploads.service";
import { remoteAi } from "./ai-client";
import { imageOffline, proposeOffline } from "./ai-offline";

const PROPOSE_SYSTEM =
  "You write SMS marketing messages for a small business. Answer with a JSON array of 3 strings, nothing else. Each message is under 300 characters, friendly, and may use the variable [first name] exactly as written. Do not invent other bracketed variables.";
const SHORTEN_SYSTEM =
  "Shorten the SMS message the user sends so it uses fewer characters while keeping its meaning. Keep every bracketed variable such as [first name] and every link or [[link tracking id=N]] token exactly as written. Answer with the shortened message only.";

function parseProposals(text: string): string[] {
  const json = text.slice(text.indexOf("["), text.lastIndexOf("]") + 1);
  try {
    const arr = JSON.parse(json) as unknown;
    if (Array.isArray(arr)) return arr.filter((m): m is string => typeof m === "string");
  } catch {
    // Not JSON: one proposal per non-empty line below.
  }
  return text
    .split(/\n+/)
    .map((l) => l.replace(/^\s*(\d+[.)]|[-*•])\s*/, "").trim())
    .filter(Boolean);
}

/** Which engine answers the tools: the configured AI service, or the offline templates. */
export function engine(ctx: AppContext): AiEngine {
  return remoteAi(ctx.config)
    ? { engine: "ai", notice: null }
    : { engine: "templates", notice: AI_TEXTS.offline };
}

export async function propose(ctx: AppContext, auth: Actor, userPrompt: string) {
  const remote = remoteAi(ctx.config);
  const account = await getAccountContact(ctx, auth.accountId);
  const business = account?.businessName ?? "";
  const messages = remote
    ? parseProposals(
        await remote.chat(
          PROPOSE_SYSTEM,
          business ? `${userPrompt}\n(Business: ${business})` : userPrompt,
        ),
      )
    : proposeOffline(userPrompt, business);
  return {
    proposals: [...new Set(messages.map((m) => m.trim()))]
      .filter(Boolean)
      .slice(0, 5)
      .map((message) => ({ message: message.slice(0, PROPOSAL_MAX) })),
  };
}

export async function shorten(ctx: AppContext, message: string) {
  const remote = remoteAi(ctx.config);
  const shortened = remote
    ? (await remote.chat(SHORTEN_SYSTEM, message)).trim()
    : shortenOffline(message);
  return {
    shortenedMessage:
      shortened.length > 0 && shortened.length < message.length ? shortened : message,
  };
}

/** Generates an image and stores it with the account's uploads (served at /media/…). */
export async function generateImage(ctx: AppContext, auth: Actor, prompt: string) {
  const remote = remoteAi(ctx.config);
  const raw = remote ? await remote.image(prompt) : await imageOffline(prompt);
  // Under the 500 KB MMS limit: 1024 px JPEG.
  await assertPixelCap(raw);
  const jpeg = await openImage(raw)
    .resize(1024, 1024, { fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  const { name, url } = await storeMedia(ctx, auth.accountId, "jpg", jpeg);
  return { filename: name, url };
}
