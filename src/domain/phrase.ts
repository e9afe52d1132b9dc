import { z } from "zod";

/**
 * A sentence the server composes from values ("waiting for {{at}} ({{why}})"), sent with its
 * English text: the key is the English wording with its blanks, so a screen in another language
 * finds the whole sentence in its catalog and fills the blanks itself. A value is a number (each
 * language writes its digits), a word or name as is, or a phrase of its own (one level down).
 */
export type PhraseValue = string | number | InnerPhrase;

export interface InnerPhrase {
  key: string;
  values: Record<string, string | number>;
}

export interface Phrase {
  key: string;
  values: Record<string, PhraseValue>;
}

export const phraseSchema = z.object({
  key: z.string(),
  values: z.record(
    z.string(),
    z.union([
      z.string(),
      z.number(),
      z.object({
        key: z.string(),
        values: z.record(z.string(), z.union([z.string(), z.number()])),
      }),
    ]),
  ),
});

export function phrase<V extends Record<string, PhraseValue>>(key: string, values?: V): Phrase {
  return { key, values: values ?? {} };
}

/** The phrase in English: its key with the blanks filled (numbers as English writes them). */
export function phraseText(p: Phrase | InnerPhrase): string {
  return p.key.replace(/\{\{\s*(\w+)\s*\}\}/g, (blank, name: string) => {
    const v: PhraseValue | undefined = p.values[name];
    if (v === undefined) return blank;
    if (typeof v === "number") return v.toLocaleString("en-US");
    return typeof v === "string" ? v : phraseText(v);
  });
}

/** A phrase with its English text: what the API says, and what a screen words in its language. */
export interface Worded extends Phrase {
  text: string;
}

export const wordedSchema = phraseSchema.extend({ text: z.string() });

export function worded(p: Phrase): Worded {
  return { ...p, text: phraseText(p) };
}
