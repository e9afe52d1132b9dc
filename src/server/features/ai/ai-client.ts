import { AppError } from "../../../domain/errors";
import type { Config } from "../../config";

/** An OpenAI-compatible API (chat completions, image generations), configured by environment. */
export interface AiRemote {
  chat(system: string, user: string): Promise<string>;
  image(prompt: string): Promise<Buffer>;
}

const UNAVAILABLE = "The AI service is not answering right now. Please try again in a minute.";

export function remoteAi(config: Config): AiRemote | null {
  if (!config.AI_BASE_URL || !config.AI_API_KEY) return null;
  const base = config.AI_BASE_URL.replace(/\/+$/, "");
  const call = async (path: string, body: unknown, timeoutMs: number) => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${config.AI_API_KEY}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new AppError("CONFLICT", UNAVAILABLE);
    }
    if (!res.ok) throw new AppError("CONFLICT", UNAVAILABLE);
    return (await res.json()) as Record<string, unknown>;
  };
  return {
    async chat(system, user) {
      const data = (await call(
        "/chat/completions",
        {
          model: config.AI_MODEL,
          messages: [
            { role: "system", content: system },
            { role: "user", content: user },
          ],
          temperature: 0.7,
        },
        60_000,
      )) as { choices?: { message?: { content?: string } }[] };
      const text = data.choices?.[0]?.message?.content;
      if (typeof text !== "string") throw new AppError("CONFLICT", UNAVAILABLE);
      return text;
    },
    async image(prompt) {
      const data = (await call(
        "/images/generations",
        { model: config.AI_IMAGE_MODEL, prompt, n: 1, size: "1024x1024" },
        120_000,
      )) as { data?: { b64_json?: string; url?: string }[] };
      const first = data.data?.[0];
      if (first?.b64_json) return Buffer.from(first.b64_json, "base64");
      if (first?.url) {
        const img = await fetch(first.url, { signal: AbortSignal.timeout(60_000) }).catch(
          () => null,
        );
        if (img?.ok) return Buffer.from(await img.arrayBuffer());
      }
      throw new AppError("CONFLICT", UNAVAILABLE);
    },
  };
}
