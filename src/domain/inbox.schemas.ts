import { z } from "zod";
import { bigId, bigIdParam, intId, intIdParam } from "./ids";
import { wordedSchema } from "./phrase";

/** The shared inbox (spec doc 2 §2-9): texts, API shapes shared by server and web. */
export const INBOX_TEXT = {
  placeholderTitle: "Select a message reply",
  placeholderBody: "Please select a message reply to view information.",
  noAssignableUsers:
    "There are no users that have the necessary permissions to be assigned these conversations.",
  unsubscribedSend: "You are not allowed to send messages to unsubscribed contacts.",
  noNumbers:
    "You are not able to send messages since there are no dedicated numbers assigned to your account.",
  deleteTitle: "Delete Conversation Message",
  deleteConfirm: "Are you sure you want to delete the Conversation Message?",
  messageDeleted: "Conversation Message Deleted",
  onlyOwnDeleted:
    "Only messages sent from this account can be deleted; the contact's own texts stay.",
  reassigned: "Conversation reassigned",
  bulkReassigned: "Conversation(s) reassigned",
  bulkUnassigned: "Conversation(s) unassigned",
  bulkRead: "Conversation(s) marked as read",
  bulkUnread: "Conversation(s) marked as unread",
  bulkArchived: "Conversation(s) archived",
  bulkUnarchived: "Conversation(s) unarchived",
  allRead: "All conversations marked as read",
  archived: "Conversation archived",
  unarchived: "Conversation unarchived",
  blocked: "Contact blocked",
  unsubscribed: "Contact unsubscribed",
  noMessages: "No messages found. Please try again.",
  end: "You have reached the end!",
  empty: "It looks empty around here...",
  noResults: "There are no results for your search",
  performSearch: "Please perform a search",
  quickAddInvalid: "Please add a valid phone number",
  quickAddExisting: "Please select an existing subscriber from the list above",
  quickAddCreate: "Create subscriber for",
  subscriberCreated: "Subscriber created!",
  pendingNumber: "(pending)",
  unverifiedTollFree: "(unverified Toll-Free)",
  numberPending: "This number is pending: it cannot send messages yet.",
  numberNotAllowed: "You are not allowed to send from this number.",
} as const;

export const INBOX_PAGE_SIZE = 25;
export const THREAD_PAGE_SIZE = 10;
/** Preview: first two lines of up to 60 characters (doc 2 §9). */
export const PREVIEW_LINES = 2;
export const PREVIEW_LINE_LENGTH = 60;

export const INBOX_TABS = ["all", "assigned", "unassigned", "archived"] as const;
export type InboxTab = (typeof INBOX_TABS)[number];
export const INBOX_TAB_LABEL: Record<InboxTab, string> = {
  all: "All",
  assigned: "Mine",
  unassigned: "Unassigned",
  archived: "Archived",
};

/** The preview stored with a conversation: up to two lines of up to 60 characters each. */
export function previewOf(text: string): string {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, PREVIEW_LINES)
    .map((l) => (l.length > PREVIEW_LINE_LENGTH ? `${l.slice(0, PREVIEW_LINE_LENGTH - 1)}…` : l))
    .join("\n");
}

/** Badges read 99+ above 99 (doc 2 §9). */
export function badgeCount(n: number): string {
  return n > 99 ? "99+" : String(n);
}

const boolish = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

/** The list filters (doc 2 §7 getConversationsPreviews), from a query string or a JSON body. */
export const inboxFilters = z.object({
  status: z.enum(INBOX_TABS, "Unknown conversation type").default("all"),
  groupId: intIdParam("Choose a group").optional(),
  /** One of our numbers (phone number id). */
  number: intIdParam("Choose a number").optional(),
  sortByUnread: boolish.default(false),
  isHideUnassignedNumbers: boolish.default(false),
  isOnlyChatbot: boolish.default(false),
  /** Conversations with this label. */
  labelId: intIdParam("Choose a label").optional(),
  /** The snoozed conversations instead of the open ones. */
  snoozed: boolish.default(false),
  query: z
    .string()
    .trim()
    .max(100, "Searches are at most 100 characters")
    .optional()
    .transform((s) => (s ? s : undefined)),
});
export type InboxFilters = z.infer<typeof inboxFilters>;

export const listConversationsQuery = inboxFilters.extend({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(INBOX_PAGE_SIZE),
});

export const conversationPreview = z.object({
  id: z.number(),
  numberId: z.number(),
  number: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  previewMessage: z.string(),
  lastTimestamp: z.string(),
  lastMessageType: z.string(),
  read: z.boolean(),
  unreadMessages: z.number(),
  archived: z.boolean(),
  blocked: z.boolean(),
  unsubscribed: z.boolean(),
  assignedUserId: z.number().nullable(),
  assignedUserName: z.string().nullable(),
  /** Our number of the latest message, and the one last used to answer. */
  phoneNumberId: z.number().nullable(),
  sentFromNumber: z.string().nullable(),
  lastOutboundNumberId: z.number().nullable(),
  labels: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  /** Snoozed until this time, or until the contact's next text. */
  snoozedUntil: z.string().nullable(),
  snoozedUntilReply: z.boolean(),
  /** The snooze ended (its time passed or the contact texted) and nobody opened it since. */
  snoozeEnded: z.boolean(),
});
export type ConversationPreview = z.infer<typeof conversationPreview>;

export const listConversationsResponse = z.object({
  rows: z.array(conversationPreview),
  page: z.number(),
  hasMore: z.boolean(),
});
export type ListConversationsResponse = z.infer<typeof listConversationsResponse>;

/** Unread conversations per tab. */
export const conversationCounts = z.object({
  all: z.number(),
  assigned: z.number(),
  unassigned: z.number(),
  archived: z.number(),
});
export type ConversationCounts = z.infer<typeof conversationCounts>;

export const conversationDetail = conversationPreview.extend({
  /** false: the subscriber has no conversation yet (a new one being started). */
  exists: z.boolean(),
  countryId: z.number(),
  signupMethod: z.string(),
  /** As the screen shows it ("Texted in (conversation only)" for a contact without consent). */
  signupMethodLabel: z.string(),
  createdAt: z.string(),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  attributes: z.array(
    z.object({
      subscriberFieldId: z.number(),
      name: z.string(),
      type: z.string(),
      data: z.unknown(),
    }),
  ),
  archivedAt: z.string().nullable(),
  archivedBy: z.string().nullable(),
});
export type ConversationDetail = z.infer<typeof conversationDetail>;

export const MESSAGE_TYPES = [
  "message",
  "reply",
  "Chatbot",
  "Archived",
  "Unsubscribed",
  /** An internal note between teammates: never sent. */
  "Note",
] as const;
export type ConversationMessageType = (typeof MESSAGE_TYPES)[number];

export const conversationMessage = z.object({
  /** Messages: the message id; markers: "e" + the marker id (they share one list). */
  id: z.string(),
  messageId: z.number().nullable(),
  type: z.enum(MESSAGE_TYPES),
  status: z.string().nullable(),
  message: z.string(),
  mms: z.boolean(),
  attachments: z.array(z.object({ url: z.string(), name: z.string(), extension: z.string() })),
  createdAt: z.string(),
  sentFromNumber: z.string().nullable(),
  sentFromName: z.string().nullable(),
  sentFromUsername: z.string().nullable(),
  failed: z.boolean(),
  /** Sent by Parley itself (the STOP/START/HELP answers), not by a person. */
  automatic: z.boolean(),
  /** A text not sent yet: why it waits and when it goes (src/domain/send-wait.ts). */
  waiting: wordedSchema
    .extend({
      code: z.enum([
        "legal_hours",
        "state_cap",
        "carrier_cap",
        "quiet_hours",
        "paused",
        "pacing",
        "deadline",
      ]),
      until: z.string().nullable(),
    })
    .optional(),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;

/** One message read by its id: the conversation's message, with whose conversation it is. */
export const messageStatus = conversationMessage.extend({ subscriberId: z.number() });

export const threadQuery = z.object({
  /** Older than this message id (the oldest one shown); absent for the newest page. */
  before: bigIdParam().optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(THREAD_PAGE_SIZE),
  isOnlyChatbotMessages: boolish.default(false),
});

export const threadResponse = z.object({
  /** Oldest first: the newest message is at the bottom. */
  rows: z.array(conversationMessage),
  total: z.number(),
  hasMore: z.boolean(),
});
export type ThreadResponse = z.infer<typeof threadResponse>;

export const findConversationQuery = z
  .object({
    number: z.string().trim().max(30).optional(),
    numberId: intIdParam().optional(),
  })
  .refine((q) => q.number || q.numberId, "Give a number or a numberId");

export const assignRequest = z.object({
  userId: intId().nullable(),
});

export const assignableUser = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  isOwner: z.boolean(),
});
export const assignableUsersResponse = z.object({
  /** Whether conversations can be assigned at all (the account has more than one user). */
  canAssign: z.boolean(),
  users: z.array(assignableUser),
});
export type AssignableUsersResponse = z.infer<typeof assignableUsersResponse>;

export const BULK_ACTIONS = [
  "assign",
  "unassign",
  "read",
  "unread",
  "archive",
  "unarchive",
  "label",
  "unlabel",
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const bulkRequest = z
  .object({
    action: z.enum(BULK_ACTIONS, "Unknown action"),
    userId: intId().optional(),
    labelId: intId().optional(),
    selection: z.discriminatedUnion("mode", [
      z.object({
        mode: z.literal("ids"),
        numberIds: z.array(bigId()).min(1, "Select at least one conversation").max(1000),
      }),
      z.object({
        mode: z.literal("all"),
        filters: inboxFilters,
        excludedIds: z.array(bigId()).max(10_000).default([]),
      }),
    ]),
  })
  .refine((b) => b.action !== "assign" || b.userId !== undefined, {
    message: "Choose a user",
    path: ["userId"],
  })
  .refine((b) => (b.action !== "label" && b.action !== "unlabel") || b.labelId !== undefined, {
    message: "Choose a label",
    path: ["labelId"],
  });
export type BulkRequest = z.infer<typeof bulkRequest>;

export const bulkResponse = z.object({ count: z.number(), message: z.string() });

export const inboxSendRequest = z.object({
  message: z.string().max(2000, "Messages cannot be longer than 2000 characters.").default(""),
  phoneNumberId: intId("Choose a number to send from"),
  mediaUrls: z.array(z.string().max(2000)).max(10).default([]),
  /** Send even inside quiet hours (the warning's Send Anyway). */
  sendAnyway: z.boolean().default(false),
});
export type InboxSendRequest = z.infer<typeof inboxSendRequest>;

export const inboxNumber = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  tollFree: z.boolean(),
  pending: z.boolean(),
  verified: z.boolean(),
  /** The user may send from it (restricted users: only their numbers). */
  allowed: z.boolean(),
});
export type InboxNumber = z.infer<typeof inboxNumber>;

export const inboxContextResponse = z.object({
  numbers: z.array(inboxNumber),
  canAssign: z.boolean(),
  restricted: z.boolean(),
  chatbotsEnabled: z.boolean(),
  quietHours: z.array(z.tuple([z.string(), z.string()])),
  timezone: z.string(),
});
export type InboxContext = z.infer<typeof inboxContextResponse>;
