import type { TriggerType } from "../../../domain/automations.schemas";

/** The workflow routes (spec doc 1 §2) and the trigger slugs the form's URL carries. */
export const WORKFLOWS = "/workflows";
export const builderPath = (id: number) => `/workflows/builder/${id}`;

export const TRIGGER_SLUGS = {
  keyword: "keyword.joined",
  group: "group.joined",
  "sign-up": "form.submitted",
  "opt-in-form": "optin_form.submitted",
  date: "date_field",
  link: "link.clicked",
  reply: "message.received",
  api: "api",
} as const satisfies Record<string, TriggerType>;
export type TriggerSlug = keyof typeof TRIGGER_SLUGS;

export const slugOf = (type: TriggerType): TriggerSlug =>
  (Object.keys(TRIGGER_SLUGS) as TriggerSlug[]).find((k) => TRIGGER_SLUGS[k] === type) ?? "keyword";

/**
 * /workflows/form/:type/:triggerStep/:triggerType? — `type` is "new" or "edit" (?id=), the step is
 * "trigger" (choose what starts it) or "details" (its settings and the name).
 */
export function formPath(
  type: "new" | "edit",
  step: "trigger" | "details",
  trigger?: TriggerSlug,
  id?: number,
) {
  return `/workflows/form/${type}/${step}${trigger ? `/${trigger}` : ""}${id ? `?id=${id}` : ""}`;
}
