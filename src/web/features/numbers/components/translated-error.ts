import { translateMessage } from "../../../i18n";

/**
 * A form field's props with its error in the active language: the forms validate with the domain
 * schemas, whose messages are English (i18n/es.json has their Spanish).
 */
export function withTranslatedError<T extends { error?: unknown }>(props: T): T {
  return typeof props.error === "string"
    ? { ...props, error: translateMessage(props.error) }
    : props;
}
