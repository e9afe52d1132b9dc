import { z } from "zod";

/**
 * The account's audit log: who changed what. Each row is chained to the account's previous row
 * (hash = SHA-256 of the previous hash and the row's canonical content), so an edited, removed or
 * inserted row shows when the chain is verified. The hashing itself is the caller's (node:crypto
 * on the server); the rules of what is hashed, in which order, live here.
 */

export const AUDIT_ACTOR_KINDS = ["user", "api_key", "parent", "operator", "system"] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AUDIT_ACTOR_LABEL: Record<AuditActorKind, string> = {
  user: "User",
  api_key: "API key",
  parent: "Parent account",
  operator: "Operator",
  system: "System",
};

/** The actions recorded, as dotted names (the filter's choices). */
export const AUDIT_ACTIONS = [
  "settings.update",
  "settings.personal",
  "settings.notifications",
  "settings.security",
  "users.invite",
  "users.invite_resend",
  "users.invite_withdraw",
  "users.update",
  "users.delete",
  "api_keys.create",
  "api_keys.revoke",
  "webhooks.create",
  "webhooks.update",
  "webhooks.delete",
  "subscribers.export",
  "subscribers.export_download",
  "subscribers.delete_bulk",
  "billing.plan",
  "billing.purchase",
  "billing.cancel",
  "billing.pause",
  "billing.reactivate",
  "billing.dispute",
  "billing.dispute_closed",
  "billing.refund",
  "billing.addon_release",
  "managed_account.open",
  "managed_account.close",
  "account.operator",
  "account.create",
  "users.password_reset",
  "users.join",
  "users.password_reset_link",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the log screen names each action; the dotted name stays for the API, CSV and filters. */
export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  "settings.update": "Setting changed",
  "settings.personal": "Personal setting changed",
  "settings.notifications": "Notification settings changed",
  "settings.security": "Security settings changed",
  "users.invite": "User invited",
  "users.invite_resend": "Invitation resent",
  "users.invite_withdraw": "Invitation withdrawn",
  "users.update": "User changed",
  "users.delete": "User deleted",
  "api_keys.create": "API key created",
  "api_keys.revoke": "API key revoked",
  "webhooks.create": "Webhook added",
  "webhooks.update": "Webhook changed",
  "webhooks.delete": "Webhook deleted",
  "subscribers.export": "Subscribers exported",
  "subscribers.export_download": "Export downloaded",
  "subscribers.delete_bulk": "Subscribers deleted",
  "billing.plan": "Plan changed",
  "billing.purchase": "Credits bought",
  "billing.cancel": "Subscription canceled",
  "billing.pause": "Subscription paused",
  "billing.reactivate": "Subscription reactivated",
  "billing.dispute": "Payment disputed",
  "billing.dispute_closed": "Payment dispute closed",
  "billing.refund": "Payment refunded",
  "billing.addon_release": "Add-on released",
  "managed_account.open": "Managed account opened",
  "managed_account.close": "Managed account closed",
  "account.operator": "Changed by the operator",
  "account.create": "Account created",
  "users.password_reset": "Password reset by the operator",
  "users.join": "User joined by invitation",
  "users.password_reset_link": "Password reset by e-mail link",
};

/**
 * The areas a change made through the API is recorded under (the first part of the route after
 * /api/ or /api/v1/, dashes as underscores), with the thing it changes in words. A change whose
 * service writes no row of its own is recorded as `<area>.<verb>` (routeAuditAction); a mutating
 * route of an area missing here fails the audit coverage test (audit-routes.test.ts).
 */
export const AUDIT_AREAS: Record<string, string> = {
  account: "Account",
  addons: "Add-on",
  analytics: "Analytics",
  api_keys: "API key",
  audit: "Audit log",
  auth: "Sign-in",
  auto_replies: "Auto-reply",
  automations: "Automation",
  billing: "Billing",
  brand_registration: "Brand registration",
  campaigns: "Campaign",
  chatbots: "Chatbot",
  contact_card: "Contact card",
  controlled_templates: "Controlled template",
  conversations: "Conversation",
  conversions: "Conversion tracking",
  credits: "Credits",
  custom_fields: "Custom field",
  dedicated_numbers: "Number",
  deeplinks: "App link",
  groups: "Group",
  inbox: "Inbox",
  integrations: "Integration",
  keywords: "Keyword",
  links: "Short link",
  managed_accounts: "Managed account",
  mcp: "AI assistant (MCP):",
  marketing: "Marketing program",
  marketing_programs: "Marketing program",
  media: "Media file",
  messages: "Message",
  numbers: "Number",
  oauth: "App access",
  optin_forms: "Opt-in form",
  optin_pages: "Opt-in page",
  phone_alerts: "Phone alerts",
  phone_messages: "Voice broadcast",
  popups: "Pop-up",
  qr_templates: "QR code",
  registrations: "Registration",
  reports: "Report",
  sends: "Send",
  signature: "Signature",
  signup_page: "Sign-up page",
  subscribers: "Subscriber",
  templates: "Template",
  unhealthy_subscribers: "Unhealthy subscribers",
  user: "Personal setting",
  users: "User",
  voice_broadcasts: "Voice broadcast",
  voice_consent: "Voice consent",
  web_banner: "Web banner",
  webhooks: "Webhook",
  webinars: "Webinar",
  workflows: "Workflow",
  zapier: "Zapier",
};

/** How a derived action's verb reads after its area's noun ("Keyword" + "changed"). */
const AUDIT_VERBS: Record<string, string> = {
  create: "added",
  update: "changed",
  delete: "deleted",
  status: "status changed",
  enabled: "switched on or off",
  stop: "stopped",
  publish: "published",
  duplicate: "duplicated",
  layout: "layout changed",
  send: "sent",
  cancel: "canceled",
  draw: "winner drawn",
  order: "order changed",
  members: "members added",
  members_remove: "members removed",
  block: "blocked",
  unblock: "unblocked",
  opt_out: "opted out",
  opt_in: "opted in",
  marketing_consent: "marketing consent changed",
  bulk_delete: "deleted in bulk",
  bulk_add_to_group: "added to a group in bulk",
  bulk_remove_from_group: "removed from a group in bulk",
  imports: "import uploaded",
  imports_start: "import started",
  imports_delete: "import deleted",
  exports: "export started",
  clean_up: "clean-up run",
  line_check: "line check run",
  purchase: "bought",
  import: "imported",
  import_provider: "imported from a provider",
  connections_delete: "provider disconnected",
  alerts: "alerts changed",
  assignee: "assigned",

  close: "closed",
  reopen: "reopened",
  sync: "synced",
  profile: "profile changed",
  settings: "setting changed",
  access: "access changed",
  authorize: "granted",
  grants_delete: "revoked",
  deliveries_replay: "delivery replayed",
  hooks: "hook added",
  hooks_delete: "hook removed",
  starter: "starter set added",
  toll_free_verification: "toll-free verification sent",
  brand: "brand submitted",
  campaign: "campaign submitted",
  brand_verification_text: "verification code sent",
  brand_verification_pin: "verification code entered",
  two_factor_confirm: "two-step verification turned on",
  two_factor_disable: "two-step verification turned off",
  failures_retry: "failed messages retried",
  failures_clean_up: "failed numbers cleaned up",
  conversions_settings: "conversion settings changed",
  test_run: "test run",
  // The MCP tools that change something (mcp-tools.ts), after "AI assistant (MCP):".
  send_message: "message sent",
  set_automation_status: "automation status changed",
  opt_out_subscriber: "subscriber opted out",
  assign_conversation: "conversation assigned",
  close_conversation: "conversation closed or reopened",
};

/** Paths whose area is deeper than their first part (the inbox's conversations are the API's). */
const AREA_PREFIXES: [string, string][] = [
  ["marketing/programs", "marketing-programs"],
  ["inbox/conversations", "conversations"],
  ["inbox/messages", "messages"],
  ["inbox/bulk", "conversations/bulk"],
];

/** Derived actions whose noun-and-verb would read badly, in words of their own. */
const ROUTE_ACTION_LABEL: Record<string, string> = {
  "audit.export": "Audit log exported",
  "account.profile": "Business profile changed",
  "account.settings": "Setting changed",
  "user.settings": "Personal setting changed",
  "addons.phone_alerts": "Phone alerts changed",
  "auth.two_factor_confirm": "Two-step verification turned on",
  "auth.two_factor_disable": "Two-step verification turned off",
  "auth.sign_in_policy": "Sign-in checks changed",
  "users.invites": "User invited",
  "users.invites_resend": "Invitation resent",
  "users.invites_delete": "Invitation withdrawn",
  "registrations.brand_prompt": "Brand registration prompt skipped",
  "brand_registration.brand": "Brand details submitted for registration",
  "brand_registration.campaign": "Campaign details submitted for registration",
  "messages.test": "Test message sent",
  "messages.create": "Message sent",
  "messages.delete": "Message deleted",
  "conversations.messages": "Message sent",
  "conversations.archive": "Conversation archived",
  "conversations.unarchive": "Conversation reopened",
  "conversations.unsubscribe": "Subscriber unsubscribed from a conversation",
  "conversations.block": "Subscriber blocked from a conversation",
  "conversations.notes": "Note added to a conversation",
  "conversations.labels": "Conversation labels changed",
  "conversations.snooze": "Conversation snoozed",
  "conversations.snooze_delete": "Conversation snooze ended",
  "conversations.bulk": "Conversations changed in bulk",
  "inbox.labels": "Inbox label added",
  "inbox.labels_delete": "Inbox label deleted",
  "inbox.alerts": "Inbox alerts changed",
  "workflows.runs": "Workflow run started",
  "webinars.registrants_import": "Webinar registrants imported",
  "integrations.hubspot": "HubSpot connection changed",
  "integrations.hubspot_sync": "HubSpot synced",
  "integrations.hubspot_delete": "HubSpot disconnected",
  "integrations.customer_io": "Customer.io connection changed",
  "integrations.customer_io_sync": "Customer.io synced",
  "integrations.customer_io_delete": "Customer.io disconnected",
  "integrations.zapier_delete": "Zapier disconnected",
  "billing.payment_method": "Payment method changed",
  "billing.payment_method_setup_complete": "Payment method saved",
  "billing.payments_confirmation": "Payment confirmed",
  "billing.payments_sync": "Payment status refreshed",
  "billing.upgrade": "Plan upgraded",
  "billing.auto_topup": "Auto top-up changed",
  "billing.auto_renew": "Auto-renew changed",
  "billing.bundles_purchase": "Credit bundle bought",
  "billing.addons_keyword_pack_release": "Add-on released",
  "billing.test_clock": "Test clock moved",
  "reports.sent_messages_exports": "Sent messages export started",
  "phone_messages.voice_consent": "Voice consent recorded",
  "voice_consent.create": "Voice consent recorded",
  "contact_card.create": "Contact card changed",
  "subscribers.bulk_add_to_group": "Subscribers added to a group",
  "subscribers.bulk_remove_from_group": "Subscribers removed from a group",
  "subscribers.bulk_delete": "Subscribers deleted",
  "unhealthy_subscribers.clean_up": "Unhealthy subscribers cleaned up",
  "unhealthy_subscribers.line_check": "Line check run",
  "analytics.failures_retry": "Failed messages retried",
  "analytics.failures_clean_up": "Failed numbers cleaned up",
  "analytics.conversions_settings": "Conversion tracking changed",
  "conversions.settings": "Conversion tracking changed",
};

/**
 * The action recorded for a change made through a route (`PUT /api/keywords/:id` →
 * "keywords.update", `POST /api/v1/groups/:id/members/remove` → "groups.members_remove"): the
 * area, then what the rest of the path says, or create/update/delete by the method.
 */
export function routeAuditAction(method: string, routeUrl: string): string {
  let path = routeUrl.replace(/^\/api\/(v1\/)?/, "");
  for (const [prefix, area] of AREA_PREFIXES)
    if (path === prefix || path.startsWith(`${prefix}/`)) path = area + path.slice(prefix.length);
  const parts = path
    .split("/")
    .filter((p) => p && !p.startsWith(":"))
    .map((p) => p.replace(/-/g, "_"));
  const area = parts[0] ?? "api";
  const rest = parts.slice(1).join("_");
  const byMethod = method === "DELETE" ? "delete" : method === "POST" ? "create" : "update";
  if (!rest) return `${area}.${byMethod}`;
  return `${area}.${method === "DELETE" ? `${rest}_delete` : rest}`;
}

/** The area of a dotted action ("keywords.update" → "keywords"). */
export function auditAreaOf(action: string): string {
  return action.split(".")[0] ?? action;
}

/** The label of a recorded action (one recorded before a rename keeps its dotted name). */
export function auditActionLabel(action: string): string {
  const known =
    (AUDIT_ACTION_LABEL as Record<string, string>)[action] ?? ROUTE_ACTION_LABEL[action];
  if (known) return known;
  const [area, verb] = action.split(".", 2);
  const noun = area ? AUDIT_AREAS[area] : undefined;
  if (!noun || !verb) return action;
  const phrase = AUDIT_VERBS[verb];
  if (phrase) return `${noun} ${phrase}`;
  return `${noun}: ${verb.replace(/_/g, " ")}`;
}

/** A filter on a whole area: "keywords.*" matches every keywords action. */
export function auditAreaFilter(area: string): string {
  return `${area}.*`;
}

/** The hash before an account's first row. */
export const AUDIT_GENESIS = "0".repeat(64);

/** What a change looked like: the changed fields only, never a secret. */
export type AuditChanges = Record<string, { before?: unknown; after?: unknown }>;

/** Field names whose values are never written to the log (only that they changed). */
const SECRET_FIELD = /pass(word)?|secret|token|key_?hash|^key$|otp|signing/i;

/**
 * The changed fields between two records, secrets masked. Fields equal on both sides are left
 * out, so the log says what moved, not the whole record.
 */
export function diffFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChanges {
  const out: AuditChanges = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of [...names].sort()) {
    const b = before?.[name];
    const a = after?.[name];
    if (canonicalJson(b ?? null) === canonicalJson(a ?? null)) continue;
    out[name] = SECRET_FIELD.test(name)
      ? {
          before: b === undefined ? undefined : "[hidden]",
          after: a === undefined ? undefined : "[hidden]",
        }
      : { before: b, after: a };
  }
  return out;
}

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The fields of a row the hash covers (everything but its id and its own hash). */
export interface AuditChainFields {
  accountId: number;
  seq: number;
  at: Date | string;
  actorKind: string;
  actorId: string | null;
  actorName: string;
  actingAccountId: number | null;
  actingUserId: number | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  changes: unknown;
  ip: string | null;
  userAgent: string | null;
}

/** The canonical content of a row: one JSON text, keys sorted, time as ISO with milliseconds. */
export function auditContent(row: AuditChainFields): string {
  return canonicalJson({
    accountId: row.accountId,
    seq: row.seq,
    at: new Date(row.at).toISOString(),
    actorKind: row.actorKind,
    actorId: row.actorId,
    actorName: row.actorName,
    actingAccountId: row.actingAccountId,
    actingUserId: row.actingUserId,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    changes: row.changes ?? {},
    ip: row.ip,
    userAgent: row.userAgent,
  });
}

/** What is hashed for a row: the previous row's hash, then its content. */
export function auditHashInput(prevHash: string, row: AuditChainFields): string {
  return `${prevHash}\n${auditContent(row)}`;
}

export type ChainBreak = { id: number; seq: number; reason: "hash" | "gap" };

/**
 * Walks an account's rows in order (by seq) and names the first that does not follow from the
 * one before: a hash that does not match (an edited row, or one removed before it), or a
 * sequence number that skips (a removed last-but-one row whose successor was re-hashed).
 */
export function verifyChain<R extends AuditChainFields & { id: number; hash: string }>(
  rows: readonly R[],
  sha256: (text: string) => string,
  start: { prevHash: string; prevSeq: number } = { prevHash: AUDIT_GENESIS, prevSeq: 0 },
): { ok: true; checked: number } | { ok: false; checked: number; firstBroken: ChainBreak } {
  let prevHash = start.prevHash;
  let prevSeq = start.prevSeq;
  let checked = 0;
  for (const row of rows) {
    if (row.seq !== prevSeq + 1)
      return { ok: false, checked, firstBroken: { id: row.id, seq: row.seq, reason: "gap" } };
    if (sha256(auditHashInput(prevHash, row)) !== row.hash)
      return { ok: false, checked, firstBroken: { id: row.id, seq: row.seq, reason: "hash" } };
    prevHash = row.hash;
    prevSeq = row.seq;
    checked++;
  }
  return { ok: true, checked };
}

/** The list's filters, as the route and the screen's URL carry them. */
export const auditQuery = z.object({
  actor: z.string().trim().max(200).optional(),
  action: z.string().trim().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  actorKind: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  actingAccountId: z.number().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEventDto = z.infer<typeof auditEventSchema>;

export const auditListSchema = z.object({
  rows: z.array(auditEventSchema),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});

export const auditVerifySchema = z.object({
  ok: z.boolean(),
  checked: z.number(),
  firstBroken: z
    .object({ id: z.number(), seq: z.number(), reason: z.enum(["hash", "gap"]) })
    .nullable(),
});

/** A recorded change as the log screen shows it: a field's label, and its old and new values. */
export interface AuditChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
  /** False when only the new value was recorded (a change recorded at its route): "set to". */
  beforeKnown: boolean;
}

/** `verifyNewDevices` and `disable_send_all` → "Verify new devices", "Disable send all". */
export function auditFieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : field;
}

/** A value in words: on/off for flags, lists joined, nested records as "name: value". */
export function auditValueText(value: unknown): string {
  if (value === undefined || value === null || value === "") return "none";
  if (value === true) return "on";
  if (value === false) return "off";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    // A pair of times (quiet hours) reads as a range.
    if (
      value.length === 2 &&
      value.every((v) => typeof v === "string" && /^\d{1,2}:\d{2}$/.test(v))
    )
      return `${value[0]}–${value[1]}`;
    return value.map(auditValueText).join(", ");
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return "none";
    return entries.map(([k, v]) => `${auditFieldLabel(k)}: ${auditValueText(v)}`).join(", ");
  }
  return String(value);
}

/** Every changed field of a row, in words (the raw JSON stays in the API and the CSV). */
export function auditChangeLines(changes: Record<string, unknown>): AuditChangeLine[] {
  return Object.entries(changes).map(([field, v]) => {
    const c = (v ?? {}) as { before?: unknown; after?: unknown };
    return {
      field,
      label: auditFieldLabel(field),
      before: auditValueText(c.before),
      after: auditValueText(c.after),
      beforeKnown: "before" in c,
    };
  });
}
