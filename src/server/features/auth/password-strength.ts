import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { AppError } from "../../../domain/errors";

/**
 * Length alone lets "password1" and "qwertyuiop" in. zxcvbn estimates how many guesses a
 * password takes against the lists shipped with it (the most common and breached passwords,
 * English words and names, keyboard walks, dates) and against what the person told us about
 * themselves (name, e-mail, business). Score 0-4; below 2 falls to an online attack in hours.
 */
const MIN_SCORE = 2;

let factory: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return factory;
}

export const WEAK_PASSWORD =
  "This password is too easy to guess. Add another word or two, or use a passphrase.";

/** Refuses a weak new password with a 400 naming the form's field. */
export function assertStrongPassword(
  password: string,
  opts: { field: string; about?: (string | null | undefined)[] },
): void {
  const about = (opts.about ?? []).filter((v): v is string => Boolean(v));
  // The parts of an e-mail address are guessable on their own.
  const inputs = about.flatMap((v) => [v, ...v.split(/[@.\s_-]+/)]).filter((v) => v.length > 2);
  const result = estimator().check(password.slice(0, 256), inputs);
  if (result.score < MIN_SCORE) {
    const hint = result.feedback.warning ? ` ${result.feedback.warning}` : "";
    throw new AppError("VALIDATION", `${WEAK_PASSWORD}${hint}`, {
      fields: { [opts.field]: `${WEAK_PASSWORD}${hint}` },
    });
  }
}
