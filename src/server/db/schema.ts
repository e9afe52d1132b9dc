import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Core tables of the walking skeleton. Each feature adds its own tables in its own migration. */

export const accounts = pgTable(
  "accounts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // The public slug used by /subscribe/:accountName and /privacy/:accountName.
    accountName: text("account_name").notNull(),
    businessName: text("business_name").notNull(),
    email: text().notNull(),
    timezoneId: smallint("timezone_id").notNull().default(1),
    industry: smallint(),
    brandRegistrationStatus: text("brand_registration_status").notNull().default("unseen"),
    isTestAccount: boolean("is_test_account").notNull().default(false),
    isTsi: boolean("is_tsi").notNull().default(false),
    isWebinarCustomer: boolean("is_webinar_customer").notNull().default(false),
    isDeveloper: boolean("is_developer").notNull().default(false),
    parentAccountId: integer("parent_account_id"),
    subscriptionType: text("subscription_type").notNull().default("trial"),
    hubspotStatus: text("hubspot_status"),
    disableMessageExtras: boolean("disable_message_extras").notNull().default(false),
    isAutoRenewEnabled: boolean("is_auto_renew_enabled").notNull().default(true),
    phoneAlerts: boolean("phone_alerts").notNull().default(false),
    forbiddenReason: text("forbidden_reason"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    /** How long a text may wait for the carrier before it expires. Migration 0017. */
    messageValidityMinutes: integer("message_validity_minutes").notNull().default(240),
    /** The business's phone given at admin sign-up (migration 0021). */
    businessPhone: text("business_phone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("accounts_account_name_key").on(sql`lower(${t.accountName})`)],
);

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text(),
    // 0 Agent, 1 Administrator, 2 Manager, 3 Owner (spec doc 2 §6).
    permissionLevel: smallint("permission_level").notNull().default(0),
    restricted: boolean().notNull().default(false),
    /** Two-factor method: null (off) | app (authenticator, TOTP) | sms (code to `phone`). */
    twoFactorMethod: text("two_factor_method"),
    /** Base32 TOTP secret of the authenticator app, once confirmed with a code. */
    totpSecret: text("totp_secret"),
    /** Null until the user proves the address (a link by e-mail); invited users have proven it. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }).defaultNow(),
    /** When `phone` received a code the user typed back (phone verification, SMS two-factor). */
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    index("users_account_id_idx").on(t.accountId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the cookie token: a leaked table does not yield usable cookies.
    id: text().primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** A parent's user acting in a child account (managed accounts, migration 0030). */
    actingAccountId: integer("acting_account_id"),
    actingUserId: integer("acting_user_id"),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

export const accountSettings = pgTable(
  "account_settings",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    value: jsonb().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.name] })],
);

export const userSettings = pgTable(
  "user_settings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    value: jsonb().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

export const globalSettings = pgTable("global_settings", {
  name: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Carrier layer: dedicated numbers, every message that crossed the carrier, suppressions and the
// consent log. (Migration 0001.)

export const phoneNumbers = pgTable(
  "phone_numbers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** E.164. */
    number: text().notNull(),
    /** The carrier's id for the number (Twilio's IncomingPhoneNumber sid, PN…). */
    carrierSid: text("carrier_sid").notNull(),
    name: text().notNull().default(""),
    tollFree: boolean("toll_free").notNull().default(false),
    /** pending (ordered, not usable yet) | active | released. */
    state: text().notNull().default("active"),
    /** Toll-free verification: none | pending | verified | rejected. */
    tfVerification: text("tf_verification").notNull().default("none"),
    tfVerificationForm: jsonb("tf_verification_form"),
    /** Whether this is the account's included number (extra ones cost $5 per month). */
    included: boolean().notNull().default(false),
    monthlyPriceCents: integer("monthly_price_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    // A number belongs to one account at a time; a released one may be bought again.
    uniqueIndex("phone_numbers_live_number_key").on(t.number).where(sql`${t.state} <> 'released'`),
    index("phone_numbers_account_id_idx").on(t.accountId),
  ],
);

/** 10DLC brand and campaign registration of an account (one of each). */
export const brandRegistrations = pgTable("brand_registrations", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  brand: jsonb().notNull(),
  brandStatus: text("brand_status").notNull().default("pending"),
  campaign: jsonb(),
  campaignStatus: text("campaign_status").notNull().default("none"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every message that crossed the carrier, and a campaign's deliveries (its dispatch queue too).
 * No foreign keys: a fan-out writes a million rows in one statement, and two key checks per row
 * cost more than a third of it. The fan-out reads the account and number in its own transaction,
 * and triggers of migration 0013 do what the keys' ON DELETE did (cascade, set null).
 */
export const messages = pgTable(
  "messages",
  {
    // Primary key (id, created_at) below: the table is partitioned by month (migration 0046).
    id: bigint({ mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    accountId: integer("account_id").notNull(),
    direction: text().notNull(), // outbound | inbound
    phoneNumberId: integer("phone_number_id"),
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    body: text().notNull().default(""),
    mediaUrls: jsonb("media_urls").$type<string[]>().notNull().default([]),
    segments: smallint().notNull().default(1),
    /** One of the spec's delivery statuses (src/domain/delivery-status.ts); 'Received' inbound. */
    status: text().notNull(),
    errorCode: integer("error_code"),
    carrierSid: text("carrier_sid"),
    /** What created it: compliance (STOP/HELP replies), test, inbox, campaign, … */
    source: text().notNull().default("api"),
    /** The subscriber on the other end, when the number is one (campaigns, inbox). */
    subscriberId: bigint("subscriber_id", { mode: "number" }),
    /** Who sent it from the inbox or composer; null for automatic messages. */
    userId: integer("user_id"),
    /** The send run it belongs to (campaign deliveries). */
    runId: bigint("run_id", { mode: "number" }),
    /** Credits it costs: segments, or 3 for an MMS (refunded when it fails). */
    credits: smallint().notNull().default(0),
    /** International credits it spent (as many as `credits`, for a text abroad). Migration 0038. */
    internationalCredits: smallint("international_credits").notNull().default(0),
    /**
     * Dispatch queue: true until the carrier has accepted (or finally refused) it. Workers claim
     * rows whose not_before has come and whose claim has lapsed (a dead worker's claim lapses).
     */
    pendingDispatch: boolean("pending_dispatch").notNull().default(false),
    /** Quiet hours or throughput: not handed to the carrier before this. */
    notBefore: timestamp("not_before", { withTimezone: true }),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    attempts: smallint().notNull().default(0),
    /** The last carrier call got no answer (timeout, 5xx): look for the text before resending. */
    carrierUncertain: boolean("carrier_uncertain").notNull().default(false),
    /** 0 transactional, 1 marketing (src/domain/outbound-policy.ts LANE). Migration 0017. */
    lane: smallint().notNull().default(1),
    /** Not handed to the carrier after this: it fails as expired (validity period). */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    /** When the carrier accepted it (state frequency caps count these). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Deleted from its conversation in the inbox (kept for reports and billing). Migration 0010. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    // A carrier sid is unique through message_carrier_sids (a partitioned unique index would have
    // to include created_at).
    index("messages_dispatch_idx")
      .on(t.phoneNumberId, t.lane, t.notBefore, t.id)
      .where(sql`${t.pendingDispatch}`),
    // Whether a run still has deliveries to hand over (run completion).
    index("messages_run_pending_idx").on(t.runId).where(sql`${t.pendingDispatch}`),
    index("messages_run_status_idx").on(t.runId, t.status).where(sql`${t.runId} is not null`),
    index("messages_subscriber_idx")
      .on(t.subscriberId, t.id)
      .where(sql`${t.subscriberId} is not null`),
    index("messages_account_created_idx").on(t.accountId, t.createdAt),
    // A number's texts newest first (migration 0040).
    index("messages_account_peer_idx").on(t.accountId, t.toNumber, t.createdAt, t.id),
    // Failures by run and code, read without the table (migration 0040; it also INCLUDEs
    // account_id, subscriber_id, created_at and id, which Drizzle cannot say).
    index("messages_run_error_idx")
      .on(t.runId, t.errorCode)
      .where(sql`${t.errorCode} is not null and ${t.runId} is not null`),
  ],
);

/**
 * The carrier sid rule: one message per sid, across every month of messages (migration 0046;
 * kept by triggers on messages). It also tells which month a sid's message is in.
 */
export const messageCarrierSids = pgTable("message_carrier_sids", {
  carrierSid: text("carrier_sid").primaryKey(),
  accountId: integer("account_id").notNull(),
  messageId: bigint("message_id", { mode: "number" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** Each sending number's pace, shared by every worker (see the dispatcher's claim). */
export const dispatchPace = pgTable("dispatch_pace", {
  phoneNumberId: integer("phone_number_id").primaryKey(),
  nextAt: timestamp("next_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Numbers an account must never send to: opted out (STOP or by hand) or blocked. */
export const suppressions = pgTable(
  "suppressions",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    phone: text().notNull(),
    reason: text().notNull(), // opted_out | blocked
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.phone, t.reason] })],
);

/** Every consent change: who, when, how, through which of the account's numbers. */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    phone: text().notNull(),
    action: text().notNull(), // opt_out | opt_in | help | block | unblock
    /** keyword | manual | carrier | import | sign_up_form | … */
    source: text().notNull(),
    /** The exact words or the page/keyword that caused it. */
    detail: text().notNull().default(""),
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
      onDelete: "set null",
    }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    messageId: bigint("message_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consent_events_account_phone_idx").on(t.accountId, t.phone, t.createdAt)],
);

/** Charges to bill later (extra numbers at $5 per month, credit packs, …). */
export const billingRecords = pgTable(
  "billing_records",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    description: text().notNull(),
    amountCents: integer("amount_cents").notNull(),
    recurring: text(), // monthly | null
    reference: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("billing_records_account_idx").on(t.accountId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// The built-in carrier emulator's own state: what a real carrier would keep on its side.

export const emuNumbers = pgTable("emu_numbers", {
  sid: text().primaryKey(),
  number: text().notNull().unique(),
  friendlyName: text("friendly_name").notNull().default(""),
  smsUrl: text("sms_url").notNull().default(""),
  statusCallback: text("status_callback").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const emuMessages = pgTable(
  "emu_messages",
  {
    sid: text().primaryKey(),
    direction: text().notNull(), // outbound-api | inbound
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    body: text().notNull().default(""),
    mediaUrls: jsonb("media_urls").$type<string[]>().notNull().default([]),
    numSegments: smallint("num_segments").notNull().default(1),
    status: text().notNull(),
    errorCode: integer("error_code"),
    statusCallback: text("status_callback"),
    /** The caller's idempotency key: a retried send returns the first message. */
    idempotencyKey: text("idempotency_key").unique(),
    /** Planned callback steps still to post: [{ status, errorCode?, at }]. */
    pendingEvents: jsonb("pending_events").notNull().default([]),
    nextEventAt: timestamp("next_event_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("emu_messages_next_event_idx").on(t.nextEventAt).where(sql`${t.nextEventAt} is not null`),
    index("emu_messages_to_idx").on(t.toNumber, t.createdAt),
    index("emu_messages_from_idx").on(t.fromNumber, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Subscribers, custom fields, groups, imports and exports. (Migration 0002.)

export const subscribers = pgTable(
  "subscribers",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** E.164, unique per account. */
    phone: text().notNull(),
    /** The three digits after +1: a stored column so the area-code filter can use an index. */
    areaCode: text("area_code").generatedAlwaysAs(sql`substring(phone from 3 for 3)`),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text().notNull().default(""),
    countryId: smallint("country_id").notNull().default(209),
    /** A key of SIGNUP_METHODS (src/domain/signup-methods.ts), e.g. MANUAL_ENTRY. */
    signupMethod: text("signup_method").notNull().default("MANUAL_ENTRY"),
    /** How consent was given (manual, import, keyword, sign_up_form, …) and its detail. */
    consentSource: text("consent_source").notNull().default("manual"),
    consentDetail: text("consent_detail").notNull().default(""),
    /**
     * When marketing consent was recorded (keyword, form, import attestation, entry by the
     * business). Null: a conversation contact (texted in), never in a marketing send. 0015.
     */
    marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
    /** When consent to recorded voice calls was given: its own consent, apart from texts. 0033. */
    voiceConsentAt: timestamp("voice_consent_at", { withTimezone: true }),
    /** Learnt from carrier lookups or failed deliveries; null while unknown. */
    isLandline: boolean("is_landline"),
    /** Custom field values keyed by custom field id; an empty value is an absent key. */
    attributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscribers_account_phone_key").on(t.accountId, t.phone),
    // Ascending: scanned backwards it serves "order by created_at desc, id desc" (nulls first).
    index("subscribers_account_created_idx").on(t.accountId, t.createdAt, t.id),
    index("subscribers_account_name_idx").on(
      t.accountId,
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
      t.id,
    ),
    // With the date columns, one area code's newest rows come straight off the index.
    index("subscribers_account_area_code_idx").on(t.accountId, t.areaCode, t.createdAt, t.id),
    index("subscribers_attributes_idx").using("gin", t.attributes),
    index("subscribers_account_no_consent_idx")
      .on(t.accountId)
      .where(sql`${t.marketingConsentAt} is null`),
    index("subscribers_account_landline_idx").on(t.accountId).where(sql`${t.isLandline} is true`),
  ],
);

export const customFields = pgTable(
  "custom_fields",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** string | boolean | date | multi_select | address */
    type: text().notNull(),
    /** The choices of a multi-select field. */
    options: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("custom_fields_account_name_key").on(t.accountId, sql`lower(${t.name})`)],
);

export const groups = pgTable(
  "groups",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** static (members in group_members) | adaptive (members by rules, evaluated live). */
    type: text().notNull().default("static"),
    rules: jsonb(),
    hidden: boolean().notNull().default(false),
    welcomeMessage: text("welcome_message").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("groups_account_name_key").on(t.accountId, sql`lower(${t.name})`)],
);

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.subscriberId] }),
    index("group_members_subscriber_idx").on(t.subscriberId),
  ],
);

export const subscriberImports = pgTable(
  "subscriber_imports",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** queued | running | finished | failed */
    status: text().notNull().default("queued"),
    fileName: text("file_name").notNull(),
    filePath: text("file_path").notNull(),
    /** Column mapping, groups, duplicate handling, attestation. */
    options: jsonb().notNull().default({}),
    totalRows: integer("total_rows").notNull().default(0),
    processedRows: integer("processed_rows").notNull().default(0),
    added: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    errorFilePath: text("error_file_path"),
    error: text(),
    /**
     * Resume state, so a worker that dies mid-import loses and repeats nothing: the batches whose
     * rows are committed (written in the batch's own transaction), and the prefix of data rows
     * (with the failed-rows file's length at that point) that is committed and written out.
     */
    committedBatches: integer("committed_batches").array().notNull().default([]),
    checkpointRows: integer("checkpoint_rows").notNull().default(0),
    checkpointBytes: bigint("checkpoint_bytes", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("subscriber_imports_account_idx").on(t.accountId, t.createdAt)],
);

export const subscriberExports = pgTable(
  "subscriber_exports",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** queued | running | finished | failed */
    status: text().notNull().default("queued"),
    /** The selection exported: ids, or a filter minus excluded ids. */
    selection: jsonb().notNull().default({}),
    rowCount: integer("row_count").notNull().default(0),
    fileName: text("file_name"),
    filePath: text("file_path"),
    error: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("subscriber_exports_account_idx").on(t.accountId, t.createdAt)],
);

/**
 * Subscribers per account, kept by statement-level triggers on subscribers (migration 0004), so
 * the unfiltered list's total is one row read instead of a count over a million rows.
 */
export const subscriberCounts = pgTable("subscriber_counts", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  n: bigint({ mode: "number" }).notNull().default(0),
});

// ---------------------------------------------------------------------------------------------
// Sign-in and account access: one-time tokens, local mailbox, users' groups and numbers.
// (Migration 0007.)

/**
 * Every secret link or code Parley hands out, stored as a SHA-256 of the token so a leaked table
 * opens nothing: reset_password, invite, activate, login_challenge (two-factor step between the
 * password and the session), remember_device, two_factor_setup (SMS code confirming a phone).
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    /** The address a link was sent to (invites: the invitee). */
    email: text().notNull().default(""),
    /** What the token carries: an invite's user form, a challenge's hashed SMS code, … */
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Wrong codes tried against it, and codes sent for it (SMS resend limit). */
    attempts: smallint().notNull().default(0),
    sends: smallint().notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("auth_tokens_token_hash_key").on(t.tokenHash),
    index("auth_tokens_user_kind_idx").on(t.userId, t.kind),
    index("auth_tokens_account_kind_idx").on(t.accountId, t.kind, t.createdAt),
    index("auth_tokens_expires_at_idx").on(t.expiresAt),
  ],
);

/** Mail kept by the server when no SMTP server is configured (the local mailbox page). */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The account the mail concerns (its owner reads it); null for mail of no account. */
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    fromAddress: text("from_address").notNull(),
    subject: text().notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull().default(""),
    /** reset_password | invite | activate | two_factor | … */
    kind: text().notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_messages_account_created_idx").on(t.accountId, t.createdAt)],
);

/** The groups an Agent is assigned to (spec doc 2 §5: agents must be assigned a group). */
export const userGroups = pgTable(
  "user_groups",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.groupId] }),
    index("user_groups_group_idx").on(t.groupId),
  ],
);

/** The dedicated numbers a user may use (restricted users see only these). */
export const userPhoneNumbers = pgTable(
  "user_phone_numbers",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phoneNumberId: integer("phone_number_id")
      .notNull()
      .references(() => phoneNumbers.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.phoneNumberId] }),
    index("user_phone_numbers_number_idx").on(t.phoneNumberId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Send pipeline: what a user composed (one-time, scheduled or recurring), each run of it, the
// credit ledger. Per-recipient deliveries are rows of `messages` (run_id set), which doubles as
// the dispatch queue. (Migration 0008.)

export const sends = pgTable(
  "sends",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The sending number; null means the account's default number at run time. */
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
      onDelete: "set null",
    }),
    /** The form as submitted (message, header, footer, recipients, repeat fields): for editing. */
    form: jsonb().notNull(),
    /** Header + message + footer, variables still in brackets: rendered per recipient. */
    text: text().notNull(),
    isMms: boolean("is_mms").notNull().default(false),
    mediaUrls: jsonb("media_urls").$type<string[]>().notNull().default([]),
    linkId: bigint("link_id", { mode: "number" }),
    templateId: integer("template_id"),
    /** { mode: 'all' | 'subscribers' | 'groups', subscriberIds: number[], groupIds: number[] }. */
    recipients: jsonb().notNull(),
    /** IANA zone the schedule is read in. */
    timezone: text().notNull(),
    /** RFC 5545 rule (with DTSTART in `timezone`) of a recurring send; null for one run. */
    rrule: text(),
    /** Deliver even inside the account's quiet hours (the composer's 'send anyway'). */
    ignoreQuietHours: boolean("ignore_quiet_hours").notNull().default(false),
    /** scheduled | running | completed | cancelled. A recurring send stays scheduled between runs. */
    status: text().notNull().default("scheduled"),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    runCount: integer("run_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sends_account_created_idx").on(t.accountId, t.createdAt),
    index("sends_due_idx").on(t.nextRunAt).where(sql`${t.status} = 'scheduled'`),
  ],
);

export const sendRuns = pgTable(
  "send_runs",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sendId: bigint("send_id", { mode: "number" })
      .notNull()
      .references(() => sends.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The occurrence this run is for: with send_id unique, so a run is created once. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    /** pending | fanning_out | dispatching | completed | failed. */
    status: text().notNull().default("pending"),
    text: text().notNull(),
    recipients: integer().notNull().default(0),
    excluded: integer().notNull().default(0),
    credits: integer().notNull().default(0),
    error: text(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    fannedOutAt: timestamp("fanned_out_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("send_runs_occurrence_key").on(t.sendId, t.runAt),
    index("send_runs_account_idx").on(t.accountId, t.runAt),
  ],
);

/** Every change of an account's message credits; the balance is their sum (kept in account_credits). */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** standard | international. */
    kind: text().notNull().default("standard"),
    delta: integer().notNull(),
    /** grant | purchase | reserve | refund | test. */
    reason: text().notNull(),
    runId: bigint("run_id", { mode: "number" }),
    messageId: bigint("message_id", { mode: "number" }),
    description: text().notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_ledger_account_idx").on(t.accountId, t.createdAt),
    // A failed delivery gives its credits back once per kind (0038).
    uniqueIndex("credit_ledger_refund_key")
      .on(t.messageId, t.kind)
      .where(sql`${t.reason} = 'refund'`),
  ],
);

export const accountCredits = pgTable("account_credits", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  balance: integer().notNull().default(0),
  internationalBalance: integer("international_balance").notNull().default(0),
  /** Credits of the current plan period (for the dashboard's total / remaining). */
  periodAllowance: integer("period_allowance").notNull().default(0),
  periodStartedAt: timestamp("period_started_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Content: message templates (plain and controlled), tracked short links with tags and clicks,
// the account's contact card. (Migration 0009.)

export const templates = pgTable(
  "templates",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** plain | controlled (a parent account's templates, offered to its child accounts). */
    kind: text().notNull().default("plain"),
    name: text().notNull(),
    message: text().notNull().default(""),
    isMms: boolean("is_mms").notNull().default(false),
    /** Media URL attached when the template is used (MMS). */
    attachment: text(),
    requiresLink: boolean("requires_link").notNull().default(false),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("templates_account_kind_idx").on(t.accountId, t.kind, t.id)],
);

export const links = pgTable(
  "links",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The short code served at /l/{code}; unique across all accounts. */
    code: text().notNull(),
    longUrl: text("long_url").notNull(),
    /** { utm_source?, utm_campaign?, utm_term?, utm_content? } added to the URL on redirect. */
    utm: jsonb().$type<Record<string, string>>().notNull().default({}),
    trackingEnabled: boolean("tracking_enabled").notNull().default(true),
    isMms: boolean("is_mms").notNull().default(false),
    ageCheck: boolean("age_check").notNull().default(false),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("links_code_key").on(t.code),
    index("links_account_created_idx").on(t.accountId, t.createdAt),
  ],
);

export const linkTags = pgTable(
  "link_tags",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    tag: text().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("link_tags_account_tag_key").on(t.accountId, sql`lower(${t.tag})`)],
);

export const linkTagLinks = pgTable(
  "link_tag_links",
  {
    linkId: bigint("link_id", { mode: "number" })
      .notNull()
      .references(() => links.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => linkTags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.linkId, t.tagId] }),
    index("link_tag_links_tag_idx").on(t.tagId),
  ],
);

export const linkClicks = pgTable(
  "link_clicks",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    linkId: bigint("link_id", { mode: "number" })
      .notNull()
      .references(() => links.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Set only when the subscriber id in the URL belongs to the link's account. */
    subscriberId: bigint("subscriber_id", { mode: "number" }),
    userAgent: text("user_agent").notNull().default(""),
    clickedAt: timestamp("clicked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("link_clicks_link_idx").on(t.linkId, t.clickedAt),
    // Migrations 0023 and 0037 (INCLUDE subscriber_id, link_id): clicks per subscriber.
    index("link_clicks_account_clicked_idx").on(t.accountId, t.clickedAt),
  ],
);

export const contactCards = pgTable("contact_cards", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  organizationName: text("organization_name").notNull(),
  description: text().notNull().default(""),
  website: text().notNull().default(""),
  /** The photo as base64 JPEG (resized to at most 400 px by sharp): small, and in the database so every process serves it. */
  photo: text().notNull(),
  /** Random part of the public vCard's address (`<accountId>-<token>.vcf`): not guessable. */
  publicToken: text("public_token")
    .notNull()
    .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Sign-in flows (migration 0011): account sign-in checks, known devices, Google / Facebook
// identities, deeplinks. (users.email_verified_at / phone_verified_at are in the users table.)

/** What an account's owner asks of every sign-in (the Security page); no row = both off. */
export const accountSignInPolicies = pgTable("account_sign_in_policies", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  /** A device a user has not signed in from before needs a link from the user's e-mail. */
  verifyNewDevices: boolean("verify_new_devices").notNull().default(false),
  /** Users without a verified mobile number verify one (a 4-digit code) before going on. */
  requirePhoneVerification: boolean("require_phone_verification").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Devices a user proved (SHA-256 of the device id cookie, never the id itself). */
export const userDevices = pgTable(
  "user_devices",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    userAgent: text("user_agent"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_devices_user_device_key").on(t.userId, t.deviceHash)],
);

/** A Google or Facebook account connected to a user (the ID token's issuer subject). */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** google | facebook */
    provider: text().notNull(),
    subject: text().notNull(),
    email: text().notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_identities_provider_subject_key").on(t.provider, t.subject),
    index("user_identities_user_idx").on(t.userId),
  ],
);

/** /{deeplinkUrlId}: a short public link of an account; no uri = the account's sign-up page. */
export const deeplinks = pgTable(
  "deeplinks",
  {
    id: text().primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    uri: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("deeplinks_account_created_idx").on(t.accountId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Inbox: one conversation per subscriber (the spec's conversation preview) and its markers.
// (Migration 0010, which also adds messages.deleted_at.)

export const conversations = pgTable(
  "conversations",
  {
    /** The conversation is the subscriber's: the spec's numberId. */
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .primaryKey()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Our number of its latest message (either way): the outbound-number filter reads it. */
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
      onDelete: "set null",
    }),
    /** The number last used to answer (a Message or Chatbot message): the default on open. */
    lastOutboundNumberId: integer("last_outbound_number_id").references(() => phoneNumbers.id, {
      onDelete: "set null",
    }),
    lastMessageId: bigint("last_message_id", { mode: "number" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    /** message | reply | Chatbot | Archived | Unsubscribed (spec doc 2 §3). */
    lastMessageType: text("last_message_type").notNull().default("reply"),
    preview: text().notNull().default(""),
    read: boolean().notNull().default(true),
    unreadCount: integer("unread_count").notNull().default(0),
    assignedUserId: integer("assigned_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    archivedBy: integer("archived_by").references(() => users.id, { onDelete: "set null" }),
    /** Blocked from the inbox: left out of every tab (the number is also suppressed). */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    hasChatbot: boolean("has_chatbot").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("conversations_open_idx")
      .on(t.accountId, t.lastMessageAt, t.subscriberId)
      .where(sql`${t.archivedAt} is null and ${t.blockedAt} is null`),
    index("conversations_archived_idx")
      .on(t.accountId, t.lastMessageAt, t.subscriberId)
      .where(sql`${t.archivedAt} is not null and ${t.blockedAt} is null`),
    index("conversations_assignee_idx")
      .on(t.accountId, t.assignedUserId, t.lastMessageAt, t.subscriberId)
      .where(sql`${t.archivedAt} is null and ${t.blockedAt} is null`),
    index("conversations_number_idx")
      .on(t.accountId, t.phoneNumberId, t.lastMessageAt, t.subscriberId)
      .where(sql`${t.blockedAt} is null`),
    index("conversations_unread_first_idx")
      .on(
        t.accountId,
        t.read,
        t.lastMessageAt.desc().nullsFirst(),
        t.subscriberId.desc().nullsFirst(),
      )
      .where(sql`${t.archivedAt} is null and ${t.blockedAt} is null`),
    index("conversations_unread_counts_idx")
      .on(t.accountId, t.assignedUserId, t.archivedAt)
      .where(sql`${t.read} = false and ${t.blockedAt} is null`),
  ],
);

/** Markers shown in a conversation between its messages: Archived, Unsubscribed. */
export const conversationEvents = pgTable(
  "conversation_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    /** Archived | Unsubscribed. */
    kind: text().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("conversation_events_subscriber_idx").on(t.subscriberId, t.createdAt)],
);

// --- account events (the outbox automations and webhooks consume) ---

/** What happened to an account's subscribers, written in the transaction of the change. */
export const accountEvents = pgTable(
  "account_events",
  {
    id: bigserial({ mode: "bigint" }).primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    type: text().notNull(),
    subscriberId: bigint("subscriber_id", { mode: "number" }),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_events_account_idx").on(t.accountId, t.id)],
);

/** One row per event and consumer until the consumer has handled it. */
export const accountEventWork = pgTable(
  "account_event_work",
  {
    consumer: text().notNull(),
    eventId: bigint("event_id", { mode: "bigint" })
      .notNull()
      .references(() => accountEvents.id, { onDelete: "cascade" }),
    notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    primaryKey({ name: "account_event_work_pk", columns: [t.consumer, t.eventId] }),
    index("account_event_work_due_idx").on(t.consumer, t.notBefore, t.eventId),
  ],
);

// --- shared rate limits ---

/** Rate-limit counters shared by every web process: one row per key and fixed window. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);
// --- reports and analytics (migration 0023) ---

/** Joins and opt-outs per hour, sign-up method and number, kept by a trigger on consent_events. */
export const reportSubscriberHourly = pgTable(
  "report_subscriber_hourly",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    bucket: timestamp({ withTimezone: true }).notNull(),
    /** 0: no number (added by hand, imported). */
    phoneNumberId: integer("phone_number_id").notNull().default(0),
    method: text().notNull(),
    joined: integer().notNull().default(0),
    optedOut: integer("opted_out").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.bucket, t.phoneNumberId, t.method] })],
);

/** Every opt-out with the message the business sent that number just before (same trigger). */
export const reportOptOuts = pgTable(
  "report_opt_outs",
  {
    consentEventId: bigint("consent_event_id", { mode: "number" }).primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    optedOutAt: timestamp("opted_out_at", { withTimezone: true }).notNull(),
    phone: text().notNull(),
    phoneNumberId: integer("phone_number_id").notNull().default(0),
    source: text().notNull(),
    detail: text().notNull().default(""),
    /** The first word of a texted opt-out, upper case (STOP, UNSUBSCRIBE…); '' otherwise. */
    keyword: text().notNull().default(""),
    messageId: bigint("message_id", { mode: "number" }),
    messageSource: text("message_source"),
    messageBody: text("message_body"),
    messageAt: timestamp("message_at", { withTimezone: true }),
    runId: bigint("run_id", { mode: "number" }),
    sendId: bigint("send_id", { mode: "number" }),
  },
  (t) => [index("report_opt_outs_account_at_idx").on(t.accountId, t.optedOutAt)],
);

/** CSV exports of the reports, written by a background job that records its progress. */
export const reportExports = pgTable(
  "report_exports",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** subscribers | opt-outs | link-clicks */
    report: text().notNull(),
    filter: jsonb().notNull().default({}),
    /** queued | running | finished | failed */
    status: text().notNull().default("queued"),
    /** 0 … 100 */
    progress: integer().notNull().default(0),
    rowCount: integer("row_count").notNull().default(0),
    fileName: text("file_name"),
    filePath: text("file_path"),
    error: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("report_exports_account_idx").on(t.accountId, t.createdAt)],
);

/** The key a business's conversion pixel or call carries, and its attribution window. */
export const conversionSettings = pgTable(
  "conversion_settings",
  {
    accountId: integer("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    key: text().notNull(),
    windowDays: integer("window_days").notNull().default(7),
  },
  (t) => [uniqueIndex("conversion_settings_key_key").on(t.key)],
);

/** A sale the business reported, credited to the subscriber's last click inside the window. */
export const conversions = pgTable(
  "conversions",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subscriberId: bigint("subscriber_id", { mode: "number" }),
    linkClickId: bigint("link_click_id", { mode: "number" }),
    runId: bigint("run_id", { mode: "number" }),
    valueCents: integer("value_cents").notNull().default(0),
    /** The business's order number: a second report of the same order is ignored. */
    orderRef: text("order_ref").notNull().default(""),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("conversions_account_at_idx").on(t.accountId, t.occurredAt),
    uniqueIndex("conversions_account_order_key")
      .on(t.accountId, t.orderRef)
      .where(sql`${t.orderRef} <> ''`),
  ],
);

// --- automations (migration 0020) ---

/** A drip, workflow or chatbot: its trigger, and the version new runs enter. */
export const automations = pgTable(
  "automations",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** drip | workflow | chatbot */
    kind: text().notNull(),
    name: text().notNull(),
    /** draft | active | paused */
    status: text().notNull().default("draft"),
    trigger: jsonb().notNull(),
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
      onDelete: "set null",
    }),
    exitOnReply: boolean("exit_on_reply").notNull().default(true),
    exitOnGroupLeave: boolean("exit_on_group_leave").notNull().default(true),
    version: integer().notNull().default(1),
    /** Workflows: where each step sits on the builder's canvas (migration 0026). */
    layout: jsonb(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("automations_account_idx").on(t.accountId, t.kind, t.id)],
);

/** The graph of each published version; a run keeps the version it entered. */
export const automationVersions = pgTable(
  "automation_versions",
  {
    automationId: integer("automation_id")
      .notNull()
      .references(() => automations.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    graph: jsonb().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.automationId, t.version] })],
);

/** One person in one automation: where they are and when their timer is due. */
export const automationRuns = pgTable(
  "automation_runs",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    automationId: integer("automation_id")
      .notNull()
      .references(() => automations.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    /** active | completed | exited */
    status: text().notNull().default("active"),
    /** opted_out | replied | left_group | stopped | no_number | deleted */
    exitReason: text("exit_reason"),
    stepId: text("step_id"),
    dueAt: timestamp("due_at", { withTimezone: true }),
    waitingReply: boolean("waiting_reply").notNull().default(false),
    /** A date trigger's occurrence (e.g. the birthday's year): one run per occurrence. */
    occurrence: text(),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    texts: integer().notNull().default(0),
    /** A builder's test run (one virtual phone; migration 0026): runs in a draft, not reported. */
    test: boolean().notNull().default(false),
    enteredAt: timestamp("entered_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("automation_runs_active_key")
      .on(t.automationId, t.subscriberId)
      .where(sql`${t.status} = 'active'`),
    index("automation_runs_due_idx")
      .on(t.dueAt)
      .where(sql`${t.status} = 'active' and ${t.dueAt} is not null`),
  ],
);

/** Each step a run took, with the message it wrote (the report's per-step figures). */
export const automationStepLog = pgTable("automation_step_log", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  runId: bigint("run_id", { mode: "number" })
    .notNull()
    .references(() => automationRuns.id, { onDelete: "cascade" }),
  automationId: integer("automation_id").notNull(),
  stepId: text("step_id").notNull(),
  messageId: bigint("message_id", { mode: "number" }),
  at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The engine's clock: real time plus an offset tests move. One row. */
export const automationClock = pgTable("automation_clock", {
  id: boolean().primaryKey().default(true),
  offsetMs: bigint("offset_ms", { mode: "number" }).notNull().default(0),
  dateScanOn: text("date_scan_on"),
});

/** Automated (smart) replies, read in position order against each incoming text. */
export const autoReplies = pgTable("auto_replies", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  name: text().notNull(),
  match: text().notNull(),
  words: jsonb().$type<string[]>().notNull().default([]),
  phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
    onDelete: "cascade",
  }),
  reply: text().notNull(),
  onceEveryMinutes: integer("once_every_minutes").notNull().default(1440),
  businessHours: jsonb("business_hours"),
  enabled: boolean().notNull().default(true),
  position: integer().notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const autoReplyAnswers = pgTable(
  "auto_reply_answers",
  {
    autoReplyId: integer("auto_reply_id")
      .notNull()
      .references(() => autoReplies.id, { onDelete: "cascade" }),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
    count: integer().notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.autoReplyId, t.subscriberId] })],
);

// --- platform (API keys, request log, idempotency, outgoing webhooks) ---

export const apiKeys = pgTable(
  "api_keys",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** The first characters of the key, shown in lists so a person can tell keys apart. */
    prefix: text().notNull(),
    /** sha-256 of the key (hex); the key itself is shown once and never stored. */
    keyHash: text("key_hash").notNull(),
    scopes: text().array().notNull().default(sql`'{}'`),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_hash_idx").on(t.keyHash),
    index("api_keys_account_idx").on(t.accountId, t.createdAt),
  ],
);

export const apiRequests = pgTable(
  "api_requests",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    apiKeyId: integer("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    method: text().notNull(),
    path: text().notNull(),
    status: smallint().notNull(),
    durationMs: integer("duration_ms").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_requests_key_idx").on(t.apiKeyId, t.id.desc())],
);

export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    apiKeyId: integer("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    key: text().notNull(),
    route: text().notNull(),
    requestHash: text("request_hash").notNull(),
    status: smallint(),
    body: jsonb(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] })],
);

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    url: text().notNull(),
    description: text().notNull().default(""),
    events: text().array().notNull(),
    /** Sealed with secret-box: we sign with it, so it cannot be a one-way hash. */
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: text("disabled_reason"),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_account_idx").on(t.accountId)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    eventId: text("event_id").notNull(),
    /** Deliveries with the same key (a subscriber) go to one endpoint in order; 0 = none. */
    orderKey: bigint("order_key", { mode: "number" }).notNull().default(0),
    payload: jsonb().notNull(),
    /** pending | delivered | failed */
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    giveUpAt: timestamp("give_up_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '1 day'`),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_order_idx")
      .on(t.endpointId, t.orderKey, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id.desc()),
  ],
);
// --- growth tools (keywords, sign-up page, opt-in forms, QR codes, web banner; 0019) ---

/** A word texted to join (spec doc 1 §2 /optins/keywords); phone_number_id null: every number. */
export const keywords = pgTable("keywords", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
    onDelete: "cascade",
  }),
  keyword: text().notNull(),
  /** Trimmed, upper case: unique per number (index with coalesce in 0019). */
  keywordNorm: text("keyword_norm").notNull(),
  status: text().notNull().default("active"), // active | paused
  reply: text().notNull(),
  alreadySubscribedReply: text("already_subscribed_reply").notNull().default(""),
  doubleOptIn: boolean("double_opt_in").notNull().default(false),
  askName: boolean("ask_name").notNull().default(false),
  askEmail: boolean("ask_email").notNull().default(false),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  groupIds: integer("group_ids").array().notNull().default(sql`'{}'`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One join by keyword (stats by day; opt-outs are joins whose number later opted out). */
export const keywordJoins = pgTable("keyword_joins", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  keywordId: integer("keyword_id")
    .notNull()
    .references(() => keywords.id, { onDelete: "cascade" }),
  subscriberId: bigint("subscriber_id", { mode: "number" })
    .notNull()
    .references(() => subscribers.id, { onDelete: "cascade" }),
  phone: text().notNull(),
  messageId: bigint("message_id", { mode: "number" }),
  confirmed: boolean().notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A conversation step waiting for the texter: Y to confirm, then first name, then e-mail. */
export const optinPending = pgTable("optin_pending", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  phone: text().notNull(),
  kind: text().notNull(), // keyword | sign_up_page
  stage: text().notNull(), // confirm | first_name | email
  refId: integer("ref_id"),
  data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The public sign-up page's configuration (spec doc 3 §3 "Signup form config"). */
export const signupPages = pgTable("signup_pages", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  config: jsonb().$type<Record<string, unknown>>().notNull(),
  version: integer().notNull().default(1),
  live: boolean().notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const optinForms = pgTable("optin_forms", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  name: text().notNull(),
  status: text().notNull().default("active"), // active | paused
  phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
    onDelete: "set null",
  }),
  groupIds: integer("group_ids").array().notNull().default(sql`'{}'`),
  container: jsonb().$type<Record<string, unknown>>().notNull(),
  blocks: jsonb().$type<unknown[]>().notNull(),
  display: jsonb().$type<Record<string, unknown>>().notNull(),
  views: integer().notNull().default(0),
  submissions: integer().notNull().default(0),
  confirmations: integer().notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One showing of a popup (the viewId of the public calls), then its submission and code. */
export const optinFormViews = pgTable("optin_form_views", {
  id: text().primaryKey(), // uuid
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  formId: integer("form_id")
    .notNull()
    .references(() => optinForms.id, { onDelete: "cascade" }),
  url: text().notNull().default(""),
  phone: text(),
  fields: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  codeHash: text("code_hash"),
  codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
  codeSends: integer("code_sends").notNull().default(0),
  attempts: integer().notNull().default(0),
  submittedAt: timestamp("submitted_at", { withTimezone: true }),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const qrTemplates = pgTable("qr_templates", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  name: text().notNull(),
  /** The public redirect /q/:slug that counts scans. */
  slug: text().notNull(),
  phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
    onDelete: "set null",
  }),
  message: text().notNull().default(""),
  fgColor: text("fg_color").notNull().default("#000000"),
  bgColor: text("bg_color").notNull().default("#ffffff"),
  frameText: text("frame_text").notNull().default(""),
  logo: text(),
  scans: integer().notNull().default(0),
  lastScannedAt: timestamp("last_scanned_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const webBanners = pgTable("web_banners", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  config: jsonb().$type<Record<string, unknown>>().notNull(),
  views: integer().notNull().default(0),
  clicks: integer().notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// --- account life: sign-up, notifications, billing (migration 0021; accounts.business_phone) ---

/** One row per user told about something (import done, card declined, …); doc 3 §2-4. */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull().default(""),
    link: text(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.readAt, t.createdAt)],
);

/** The account's plan and where it stands (trial, active, past due, paused, canceled). */
export const billingSubscriptions = pgTable("billing_subscriptions", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  planId: text("plan_id").notNull(),
  status: text().notNull(),
  periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
  periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
  cancelReason: text("cancel_reason"),
  canceledAt: timestamp("canceled_at", { withTimezone: true }),
  removeDataAt: timestamp("remove_data_at", { withTimezone: true }),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The card on file, as the processor describes it (never the card number). */
export const paymentMethods = pgTable("payment_methods", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  processor: text().notNull(),
  customerRef: text("customer_ref").notNull(),
  methodRef: text("method_ref").notNull(),
  brand: text().notNull(),
  last4: text().notNull(),
  expMonth: smallint("exp_month").notNull(),
  expYear: smallint("exp_year").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every charge attempt, paid or failed, with its number (INV-1001, …) for the PDF. */
export const invoices = pgTable(
  "invoices",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    number: text().notNull(),
    description: text().notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text().notNull(),
    processorRef: text("processor_ref"),
    failure: text(),
    card: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    index("invoices_account_idx").on(t.accountId, t.createdAt),
  ],
);

// --- managed accounts and webinars (migration 0030) ---

/** What someone of another account (a parent acting in a child) did in an account. */
export const accountAudit = pgTable(
  "account_audit",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Whom the action ran as in the account (the child's owner). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The real person and their account. */
    actorAccountId: integer("actor_account_id").references(() => accounts.id, {
      onDelete: "set null",
    }),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text().notNull(),
    detail: text().notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("account_audit_account_idx").on(t.accountId, t.id),
    index("account_audit_actor_idx").on(t.actorAccountId, t.id),
  ],
);

export const webinarEvents = pgTable(
  "webinar_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text().notNull(),
    /** csv | zoom | goto */
    source: text().notNull().default("csv"),
    externalId: text("external_id"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull().default(60),
    joinUrl: text("join_url").notNull().default(""),
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
      onDelete: "set null",
    }),
    /** Minutes before the start at which each registrant gets a reminder. */
    reminderOffsets: integer("reminder_offsets").array().notNull().default([1440, 60]),
    reminderMessage: text("reminder_message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webinar_events_account_idx").on(t.accountId, t.startsAt)],
);

/** A business's own Zoom or GoTo account, connected by OAuth: webinar imports use its tokens. */
export const webinarConnections = pgTable(
  "webinar_connections",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** zoom | goto */
    provider: text().notNull(),
    /** The provider's id of the person: Zoom's user id, GoTo's organizer key. */
    externalId: text("external_id").notNull(),
    email: text().notNull().default(""),
    /** Sealed JSON (secret-box.ts): access and refresh tokens and when the access token ends. */
    credentials: text().notNull(),
    connectedBy: integer("connected_by").references(() => users.id, { onDelete: "set null" }),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webinar_connections_account_provider_key").on(t.accountId, t.provider),
    index("webinar_connections_external_idx").on(t.provider, t.externalId),
  ],
);

export const webinarRegistrants = pgTable(
  "webinar_registrants",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer("event_id")
      .notNull()
      .references(() => webinarEvents.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    phone: text().notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text().notNull().default(""),
    joinUrl: text("join_url").notNull().default(""),
    /** The registrant agreed to texts (consent column or checkbox): only then a subscriber. */
    consent: boolean().notNull().default(false),
    subscriberId: bigint("subscriber_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("webinar_registrants_event_phone_key").on(t.eventId, t.phone)],
);

export const webinarReminders = pgTable(
  "webinar_reminders",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer("event_id")
      .notNull()
      .references(() => webinarEvents.id, { onDelete: "cascade" }),
    registrantId: bigint("registrant_id", { mode: "number" })
      .notNull()
      .references(() => webinarRegistrants.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    offsetMinutes: integer("offset_minutes").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** scheduled | queued | cancelled | skipped */
    status: text().notNull().default("scheduled"),
    messageId: bigint("message_id", { mode: "number" }),
    note: text().notNull().default(""),
  },
  (t) => [
    uniqueIndex("webinar_reminders_registrant_offset_key").on(t.registrantId, t.offsetMinutes),
    index("webinar_reminders_due_idx").on(t.dueAt, t.id).where(sql`${t.status} = 'scheduled'`),
  ],
);

// --- growth tools, second part (migration 0025) ---

/** Opt-in tracker pages: /optIn/:accountName/:slug, one per place a link or code is put up. */
export const optinPages = pgTable("optin_pages", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  slug: text().notNull(),
  title: text().notNull(),
  description: text().notNull().default(""),
  buttonText: text("button_text").notNull().default("Sign up"),
  groupIds: integer("group_ids").array().notNull().default([]),
  active: boolean().notNull().default(true),
  visits: integer().notNull().default(0),
  signups: integer().notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// --- chatbots and campaigns (migration 0027) ---

/** A chatbot on one business number: its question tree (src/domain/chatbots.ts). */
export const chatbots = pgTable(
  "chatbots",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    phoneNumberId: integer("phone_number_id")
      .notNull()
      .references(() => phoneNumbers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    enabled: boolean().notNull().default(false),
    triggerWords: jsonb("trigger_words").$type<string[]>().notNull().default([]),
    tree: jsonb().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chatbots_number_key").on(t.phoneNumberId),
    index("chatbots_account_idx").on(t.accountId, t.id),
  ],
);

/** One person's conversation with a chatbot: the node it waits at (open) or how it ended. */
export const chatbotSessions = pgTable(
  "chatbot_sessions",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    chatbotId: integer("chatbot_id")
      .notNull()
      .references(() => chatbots.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    /** open | handed_off | ended | stopped */
    status: text().notNull().default("open"),
    nodeId: text("node_id"),
    replies: integer().notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chatbot_sessions_open_key")
      .on(t.chatbotId, t.subscriberId)
      .where(sql`${t.status} = 'open'`),
    index("chatbot_sessions_subscriber_idx").on(t.subscriberId, t.chatbotId, t.updatedAt),
    index("chatbot_sessions_report_idx").on(t.chatbotId, t.status),
  ],
);

/** Each inbound text a chatbot answered, committed with its replies (answered once). */
export const chatbotTurns = pgTable("chatbot_turns", {
  inboundMessageId: bigint("inbound_message_id", { mode: "number" }).primaryKey(),
  sessionId: bigint("session_id", { mode: "number" })
    .notNull()
    .references(() => chatbotSessions.id, { onDelete: "cascade" }),
  replies: integer().notNull().default(0),
  at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A campaign: one name over sends and automations, for their combined results. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("campaigns_account_name_key").on(t.accountId, sql`lower(${t.name})`)],
);

/** A send or an automation (drip, workflow) in a campaign; each is in at most one. */
export const campaignMembers = pgTable(
  "campaign_members",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    sendId: bigint("send_id", { mode: "number" }).references(() => sends.id, {
      onDelete: "cascade",
    }),
    automationId: integer("automation_id").references(() => automations.id, {
      onDelete: "cascade",
    }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("campaign_members_send_key").on(t.sendId).where(sql`${t.sendId} is not null`),
    uniqueIndex("campaign_members_automation_key")
      .on(t.automationId)
      .where(sql`${t.automationId} is not null`),
    index("campaign_members_campaign_idx").on(t.campaignId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Registrations and add-ons (migration 0029).

/** A 10DLC brand, campaign or toll-free verification under the registry's review. */
export const registryReviews = pgTable(
  "registry_reviews",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** brand | campaign | toll_free. */
    kind: text().notNull(),
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
      onDelete: "cascade",
    }),
    /** 'brand', 'campaign' or 'toll_free:<number id>': one review per thing at a time. */
    subject: text().notNull(),
    /** queued | approved | rejected. */
    status: text().notNull().default("queued"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    reason: text(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("registry_reviews_subject_key").on(t.accountId, t.subject),
    index("registry_reviews_due_idx").on(t.dueAt).where(sql`${t.status} = 'queued'`),
  ],
);

/** The brand's trust score and the long-code throughput its tier allows. */
export const brandTrust = pgTable("brand_trust", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  score: smallint().notNull(),
  tier: text().notNull(),
  longCodeMps: real("long_code_mps").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Phone alerts add-on: the owner's phone for reply alerts and the quiet hours (HH:MM). */
export const phoneAlertSettings = pgTable("phone_alert_settings", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  phone: text().notNull(),
  quietStart: text("quiet_start"),
  quietEnd: text("quiet_end"),
  lastAlertAt: timestamp("last_alert_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// --- money and account state: auto top-up, referrals, cancellation flow (migration 0028) ---

/** Buy a bundle of credits when the balance falls below a threshold (the owner's choice). */
export const autoTopupSettings = pgTable(
  "auto_topup_settings",
  {
    accountId: integer("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    enabled: boolean().notNull().default(false),
    threshold: integer().notNull().default(100),
    bundleQty: integer("bundle_qty").notNull().default(500),
    lastTopupAt: timestamp("last_topup_at", { withTimezone: true }),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    lastFailure: text("last_failure"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auto_topup_enabled_idx").on(t.accountId).where(sql`${t.enabled}`)],
);

/** Each account's referral link code (/admin-signup?ref=CODE). */
export const referralLinks = pgTable(
  "referral_links",
  {
    accountId: integer("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    code: text().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("referral_links_code_key").on(t.code)],
);

/** A business that signed up through a referral link; credited on its first paid invoice. */
export const referrals = pgTable(
  "referrals",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    referrerAccountId: integer("referrer_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    referredAccountId: integer("referred_account_id").references(() => accounts.id, {
      onDelete: "set null",
    }),
    referredBusiness: text("referred_business").notNull(),
    signedUpAt: timestamp("signed_up_at", { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
    credits: integer().notNull().default(0),
    invoiceId: bigint("invoice_id", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("referrals_referred_key").on(t.referredAccountId),
    index("referrals_referrer_idx").on(t.referrerAccountId, t.signedUpAt),
  ],
);

/** Stages of the cancellation flow a business reached (doc 1 §4: cancel=1, pause=1, confirm=1). */
export const cancelFlowEvents = pgTable(
  "cancel_flow_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    stage: text().notNull(),
    reason: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cancel_flow_events_account_idx").on(t.accountId, t.createdAt)],
);

// --- integrations (Zapier, HubSpot, Customer.io) and MCP OAuth 2.1 (0031) ---

export const integrationConnections = pgTable(
  "integration_connections",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** zapier | hubspot | customerio */
    provider: text().notNull(),
    /** Sealed JSON (secret-box.ts): tokens and keys of the other system. */
    credentials: text().notNull().default(""),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    connectedBy: integer("connected_by").references(() => users.id, { onDelete: "set null" }),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
    pushCursor: timestamp("push_cursor", { withTimezone: true }),
    pullCursor: timestamp("pull_cursor", { withTimezone: true }),
    lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
    lastSyncSummary: text("last_sync_summary").notNull().default(""),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    nextSyncAt: timestamp("next_sync_at", { withTimezone: true }).notNull().defaultNow(),
    syncLeaseUntil: timestamp("sync_lease_until", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("integration_connections_account_provider_key").on(t.accountId, t.provider),
    index("integration_connections_due_idx").on(t.nextSyncAt),
  ],
);

export const integrationLinks = pgTable(
  "integration_links",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.provider, t.subscriberId] }),
    uniqueIndex("integration_links_external_key").on(t.accountId, t.provider, t.externalId),
  ],
);

export const zapierHooks = pgTable(
  "zapier_hooks",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    apiKeyId: integer("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text().notNull(),
    targetUrl: text("target_url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("zapier_hooks_account_idx").on(t.accountId, t.createdAt)],
);

export const oauthClients = pgTable("oauth_clients", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  clientId: text("client_id").notNull().unique(),
  clientName: text("client_name").notNull().default(""),
  redirectUris: text("redirect_uris").array().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const oauthCodes = pgTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  clientId: text("client_id")
    .notNull()
    .references(() => oauthClients.clientId, { onDelete: "cascade" }),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  scopes: text().array().notNull(),
  resource: text(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessHash: text("access_hash").notNull().unique(),
    refreshHash: text("refresh_hash").unique(),
    scopes: text().array().notNull(),
    accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("oauth_tokens_account_idx").on(t.accountId, t.createdAt)],
);

// Marketing tools (issue 18, migration 0032): loyalty, coupons, giveaways, viral texting and
// event registration share one programs table (settings jsonb per kind) and a row per person.
export const marketingPrograms = pgTable("marketing_programs", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  kind: text().notNull(),
  name: text().notNull(),
  keyword: text(),
  keywordNorm: text("keyword_norm"),
  phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
    onDelete: "set null",
  }),
  status: text().notNull().default("active"),
  settings: jsonb().notNull().default({}),
  publicToken: text("public_token").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const marketingMembers = pgTable("marketing_members", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  programId: integer("program_id")
    .notNull()
    .references(() => marketingPrograms.id, { onDelete: "cascade" }),
  subscriberId: bigint("subscriber_id", { mode: "number" })
    .notNull()
    .references(() => subscribers.id, { onDelete: "cascade" }),
  phone: text().notNull(),
  state: text().notNull(),
  points: integer().notNull().default(0),
  checkins: integer().notNull().default(0),
  lastCheckinAt: timestamp("last_checkin_at", { withTimezone: true }),
  code: text(),
  referredBy: bigint("referred_by", { mode: "number" }),
  phoneNumberId: integer("phone_number_id"),
  messageId: bigint("message_id", { mode: "number" }),
  redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const marketingRewards = pgTable("marketing_rewards", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  programId: integer("program_id")
    .notNull()
    .references(() => marketingPrograms.id, { onDelete: "cascade" }),
  memberId: bigint("member_id", { mode: "number" })
    .notNull()
    .references(() => marketingMembers.id, { onDelete: "cascade" }),
  code: text().notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
  messageId: bigint("message_id", { mode: "number" }),
});

export const marketingActivity = pgTable("marketing_activity", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  programId: integer("program_id")
    .notNull()
    .references(() => marketingPrograms.id, { onDelete: "cascade" }),
  memberId: bigint("member_id", { mode: "number" }),
  kind: text().notNull(),
  detail: text().notNull().default(""),
  messageId: bigint("message_id", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const marketingDraws = pgTable("marketing_draws", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  programId: integer("program_id")
    .notNull()
    .references(() => marketingPrograms.id, { onDelete: "cascade" }),
  entrants: integer().notNull(),
  winnerMemberIds: bigint("winner_member_ids", { mode: "number" }).array().notNull(),
  method: text().notNull(),
  drawnByUserId: integer("drawn_by_user_id"),
  drawnAt: timestamp("drawn_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A text-to-speech call sent to a group of subscribers with voice consent (0033). */
export const voiceBroadcasts = pgTable(
  "voice_broadcasts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    phoneNumberId: integer("phone_number_id").notNull(),
    name: text().notNull().default(""),
    text: text().notNull(),
    voice: text().notNull(),
    language: text().notNull(),
    recipients: jsonb()
      .$type<{
        mode: "all" | "subscribers" | "groups";
        subscriberIds: number[];
        groupIds: number[];
      }>()
      .notNull(),
    /** scheduled → sending → sent; canceled before it starts. */
    status: text().notNull().default("scheduled"),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull().defaultNow(),
    creditsPerCall: integer("credits_per_call").notNull().default(1),
    /** Why it could not start (no credits, no number), shown on the list. */
    error: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("voice_broadcasts_account_idx").on(t.accountId, t.createdAt)],
);

/** One call of a broadcast: leased by a worker (claimed_until) so it is placed once. */
export const voiceCalls = pgTable("voice_calls", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  broadcastId: integer("broadcast_id").notNull(),
  subscriberId: bigint("subscriber_id", { mode: "number" }),
  fromNumber: text("from_number").notNull(),
  toNumber: text("to_number").notNull(),
  /** pending, then Twilio's CallStatus (queued … completed, busy, no-answer, failed, canceled). */
  status: text().notNull().default("pending"),
  carrierSid: text("carrier_sid"),
  claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  attempts: integer().notNull().default(0),
  durationSeconds: integer("duration_seconds"),
  credits: integer().notNull().default(0),
  error: text(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The emulator's calls (Twilio Calls API stand-in) with the spoken audio as WAV (0033). */
export const emuCalls = pgTable("emu_calls", {
  sid: text().primaryKey(),
  fromNumber: text("from_number").notNull(),
  toNumber: text("to_number").notNull(),
  twiml: text().notNull(),
  sayText: text("say_text").notNull(),
  voice: text().notNull(),
  language: text().notNull(),
  status: text().notNull().default("queued"),
  durationSeconds: integer("duration_seconds"),
  statusCallback: text("status_callback"),
  idempotencyKey: text("idempotency_key"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per-run engagement kept up to date by triggers (migration 0037): who replied within a day of
 * the run, who clicked its tracked link within a week, and the clicks. Analytics and
 * click-through read one row per run instead of scanning messages and clicks.
 */
export const reportRunEngagement = pgTable("report_run_engagement", {
  runId: bigint("run_id", { mode: "number" })
    .primaryKey()
    .references(() => sendRuns.id, { onDelete: "cascade" }),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  replies: integer().notNull().default(0),
  clickers: integer().notNull().default(0),
  clicks: integer().notNull().default(0),
});

/** Who a run's engagement counted already (a phone for replies, a subscriber id for clicks). */
export const reportRunEngagers = pgTable(
  "report_run_engagers",
  {
    runId: bigint("run_id", { mode: "number" })
      .notNull()
      .references(() => sendRuns.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    who: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.kind, t.who] })],
);
