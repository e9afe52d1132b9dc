import type { TFunction } from "i18next";
import { OPERATOR_SETUP } from "../../../../domain/webinar-connections";
import { WEBINAR_PROVIDER_NAMES, type WebinarProvider } from "../../../../domain/webinars";
import { tk } from "../../../i18n";

/**
 * The connection messages of src/domain/webinar-connections (CONNECTION_TEXT, notSetUpNote) as
 * whole sentences with the service's name a variable, so Spanish can place it; the English is
 * the domain's, letter for letter (connection-text.test.ts).
 */
const TEXTS = {
  connectFailed: tk("{{name}} could not be connected. Please try again."),
  connected: tk("{{name}} is connected."),
  disconnected: tk("{{name}} is disconnected."),
};

export function connectionText(t: TFunction, key: keyof typeof TEXTS, name: string): string {
  return t(TEXTS[key], { name });
}

export function notSetUpText(t: TFunction, p: WebinarProvider, origin: string): string {
  return t(
    "{{name}} is not connected on this server. Export the registrants from {{name}} as CSV and import the file, or ask whoever runs this Parley server to set {{setup}} and restart it; you can then connect {{name}} here.",
    { name: WEBINAR_PROVIDER_NAMES[p], setup: OPERATOR_SETUP[p](origin) },
  );
}
