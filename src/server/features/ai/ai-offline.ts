import sharp from "sharp";
import { STARTER_TEMPLATES } from "../../../domain/templates";

const STOP = new Set(
  "a an the and or but to of for in on at by with about from into me my we our us you your it this that these those is are be was were will would can could should please write create make send text message sms some something want need tell customers customer subscribers people them their".split(
    " ",
  ),
);

const TOPICS: { words: RegExp; template: string }[] = [
  { words: /coupon|discount|code|% ?off|percent|save|deal/i, template: "Coupon Message" },
  { words: /sale|promo|special|offer|new|launch|event|weekend/i, template: "Promotional Message" },
  { words: /thank|thanks|grateful|appreciat/i, template: "Thank You Message" },
  { words: /welcome|introduc|join|hello|meet/i, template: "Introduction Message" },
  { words: /check|how|feedback|follow|review|experience/i, template: "How's it going?" },
];

const sentence = (s: string) => {
  const t = s
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[.!?]+$/, "");
  return t ? t[0]!.toUpperCase() + t.slice(1) : t;
};

/** Key words of the prompt, in order, without filler. */
export function promptWords(prompt: string): string[] {
  return (prompt.toLowerCase().match(/[\p{L}\p{N}%$'-]+/gu) ?? []).filter(
    (w) => !STOP.has(w) && w.length > 1,
  );
}

/**
 * Three suggestions built from the prompt's own words and the starter templates that match its
 * topic: plain, but each a complete text a business could send.
 */
export function proposeOffline(userPrompt: string, businessName = ""): string[] {
  // "write a message about X" → X: the subject is what the text should say.
  const subject = sentence(
    userPrompt.replace(
      /^\s*(please\s+)?(write|create|make|draft|compose|send)\s+(me\s+)?(an?\s+)?(short\s+)?(text|sms|message|msg)?\s*(about|for|that|saying|to)?\s*/i,
      "",
    ),
  );
  const words = promptWords(userPrompt);
  const topic = TOPICS.find((t) => t.words.test(userPrompt));
  const starter =
    STARTER_TEMPLATES.find((t) => t.name === topic?.template) ?? STARTER_TEMPLATES[1]!;
  const headline = subject || sentence(words.join(" "));
  const lowered = headline ? headline[0]!.toLowerCase() + headline.slice(1) : headline;
  const proposals = [
    `Hi [first name]! ${headline}. Reply to this text with any questions.`,
    `${headline}! Don't miss out, [first name]: reply YES and we'll save you a spot.`,
    starter.message
      .replace(/\[(offer|product|discount)\]/i, lowered)
      .replace(/\[business name\]/g, businessName || "[business name]"),
  ];
  return [...new Set(proposals)];
}

const PALETTES = [
  ["#1c7ed6", "#4dabf7"],
  ["#7048e8", "#b197fc"],
  ["#e8590c", "#ffa94d"],
  ["#2b8a3e", "#69db7c"],
  ["#c2255c", "#f783ac"],
  ["#0b7285", "#66d9e8"],
] as const;

const xmlEscape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const w = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (line && `${line} ${w}`.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/.{0,1}$/, "")}…`;
    return kept;
  }
  return lines;
}

/** A 1024 px square poster of the prompt's words on a gradient, rendered SVG → JPEG by sharp. */
export async function imageOffline(prompt: string): Promise<Buffer> {
  let hash = 0;
  for (const ch of prompt) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  const [from, to] = PALETTES[hash % PALETTES.length]!;
  // XML 1.0 has no place for most control characters: the SVG would not parse (a 500).
  const printable = Array.from(prompt, (ch) => {
    const c = ch.codePointAt(0)!;
    const invalid =
      (c < 0x20 && c !== 0x9 && c !== 0xa && c !== 0xd) || c === 0xfffe || c === 0xffff;
    return invalid ? " " : ch;
  }).join("");
  const lines = wrap(sentence(printable), 18, 6);
  const size = 1024;
  const lineHeight = 96;
  const top = size / 2 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map(
      (l, i) =>
        `<text x="512" y="${top + i * lineHeight}" text-anchor="middle" dominant-baseline="middle">${xmlEscape(l)}</text>`,
    )
    .join("");
  const circles = [0, 1, 2, 3]
    .map((i) => {
      const h = (hash >>> (i * 5)) & 0xffff;
      return `<circle cx="${(h * 7) % size}" cy="${(h * 13) % size}" r="${120 + (h % 160)}" fill="#fff" fill-opacity="0.09"/>`;
    })
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${circles}
<rect x="64" y="64" width="896" height="896" rx="48" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="6"/>
<g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="76" font-weight="700" fill="#fff">${text}</g>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}
