import type { TFunction } from "i18next";
import { REMINDER_CHOICES } from "../../../../domain/webinars";
import { translateMessage } from "../../../i18n";

/**
 * src/domain's offsetLabel in the active language: the offered choices by their own words, any
 * other offset (set through the API) as a number of days, hours or minutes, composed here so
 * Spanish reads a whole phrase.
 */
export function offsetText(t: TFunction, minutes: number): string {
  const known = REMINDER_CHOICES.find((c) => c.value === minutes);
  if (known) return translateMessage(known.label);
  if (minutes % 1440 === 0) return t("{{n}} days before", { n: minutes / 1440 });
  if (minutes % 60 === 0) return t("{{n}} hours before", { n: minutes / 60 });
  return t("{{n}} minutes before", { n: minutes });
}
