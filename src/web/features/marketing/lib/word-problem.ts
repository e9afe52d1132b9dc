import type { TFunction } from "i18next";
import {
  KEYWORD_MAX_LENGTH,
  KEYWORD_TEXTS,
  keywordProblem,
  normaliseKeyword,
} from "../../../../domain/keywords";

/**
 * What is wrong with a program's word, by src/domain's keyword rules, said of a "word" (these
 * tools call their keyword so), as whole sentences for the catalogs; the English is the domain's
 * message with "keyword" read as "word" (word-problem.test.ts).
 */
export function wordProblem(t: TFunction, word: string): string | null {
  const problem = keywordProblem(word);
  if (problem === null) return null;
  if (problem === KEYWORD_TEXTS.required) return t("word is required");
  if (problem === KEYWORD_TEXTS.tooLong)
    return t("word must be at most {{max}} characters", { max: KEYWORD_MAX_LENGTH });
  if (problem === KEYWORD_TEXTS.oneWord) return t("word must be one word of letters and digits");
  return t(
    "{{word}} is reserved for opt-out, opt-in and help requests (STOP, HELP, START…) and cannot be a word",
    { word: normaliseKeyword(word) },
  );
}
