import { z } from "zod";
import { WEBHOOK_EVENTS } from "./webhooks";

/** The three integrations of the add-ons page (spec doc 1 §2: /addons/integrations/…). */
export const INTEGRATION_PROVIDERS = ["zapier", "hubspot", "customerio"] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];
export const integrationProvider = z.enum(INTEGRATION_PROVIDERS);

export const INTEGRATION_INFO: Record<
  IntegrationProvider,
  { name: string; kind: string; path: string; summary: string }
> = {
  zapier: {
    name: "Zapier",
    kind: "Automation",
    path: "/addons/integrations/zapier",
    summary:
      "Start Zaps when subscribers join, opt out or text in, and send texts or add subscribers from any Zap.",
  },
  hubspot: {
    name: "HubSpot",
    kind: "CRM",
    path: "/addons/integrations/hubspot",
    summary:
      "Keep HubSpot contacts and Parley subscribers in step, both ways. Opt-outs always stay opted out.",
  },
  customerio: {
    name: "Customer.io",
    kind: "Customer messaging",
    path: "/addons/integrations/customer-io",
    summary:
      "Send texts from Customer.io campaigns and keep subscriber attributes up to date in Customer.io.",
  },
};

export const INTEGRATION_TEXT = {
  notConnected: "This integration is not connected.",
  hookNotFound: "That Zapier subscription was not found in this account.",
  badToken: "Enter the access token of your HubSpot private app",
  badSiteId: "Enter your Customer.io Site ID",
  badApiKey: "Enter your Customer.io Tracking API key",
  oauthNotConfigured: "HubSpot OAuth is not configured on this server. Use a private-app token.",
  oauthFailed: "HubSpot did not complete the connection. Try again.",
  actionUnauthorized: "Send the action token as 'Authorization: Bearer <token>'.",
  noRecipient: "Give the subscriber as phone or customerId",
  noConsent:
    "This subscriber has no recorded consent to receive marketing texts, so nothing was sent.",
  unknownSubscriber: "No subscriber with that phone or customer id in this account.",
} as const;

// ---- Zapier REST hooks (/api/v1/zapier) ----

export const zapierSubscribeRequest = z
  .object({
    hookUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), {
        message: "Send the hookUrl Zapier gave you (an http(s) address)",
      }),
    event: z.enum(WEBHOOK_EVENTS, { message: "Choose one of the webhook events" }),
  })
  .meta({
    examples: [
      { hookUrl: "https://hooks.zapier.com/hooks/standard/1/abc", event: "subscriber.created" },
    ],
  });
export type ZapierSubscribeRequest = z.infer<typeof zapierSubscribeRequest>;

export const zapierHookResponse = z.object({
  id: z.number().int(),
  event: z.string(),
  hookUrl: z.string(),
  createdAt: z.string(),
});

// ---- Connections (the session's pages) ----

export const connectHubspotRequest = z.object({
  accessToken: z.string().trim().min(10, INTEGRATION_TEXT.badToken).max(500),
});
export const connectCustomerIoRequest = z.object({
  siteId: z.string().trim().min(1, INTEGRATION_TEXT.badSiteId).max(200),
  apiKey: z.string().trim().min(1, INTEGRATION_TEXT.badApiKey).max(500),
});

export const integrationStatusResponse = z.object({
  provider: integrationProvider,
  name: z.string(),
  kind: z.string(),
  connected: z.boolean(),
  connectedAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  lastSyncSummary: z.string(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** HubSpot: "token" or "oauth"; Customer.io: its site id; Zapier: how many subscriptions. */
  detail: z.string(),
});
export type IntegrationStatus = z.infer<typeof integrationStatusResponse>;

export const listIntegrationsResponse = z.object({
  rows: z.array(integrationStatusResponse),
  hubspotOAuth: z.boolean(),
});

export const zapierHookRow = z.object({
  id: z.number().int(),
  event: z.string(),
  hookUrl: z.string(),
  createdAt: z.string(),
  lastDeliveryStatus: z.string().nullable(),
  lastDeliveryAt: z.string().nullable(),
});
export const zapierDetailResponse = z.object({
  status: integrationStatusResponse,
  hooks: z.array(zapierHookRow),
});

export const customerIoDetailResponse = z.object({
  status: integrationStatusResponse,
  /** Shown once, when connecting: Customer.io's webhook action sends it as a Bearer token. */
  actionToken: z.string().optional(),
});

// ---- Customer.io webhook action: send a text ----

export const customerIoSendRequest = z
  .object({
    phone: z.string().trim().max(40).optional(),
    /** Parley's id in Customer.io: "parley-<subscriber id>" as the attribute sync writes it. */
    customerId: z.string().trim().max(100).optional(),
    text: z
      .string()
      .trim()
      .min(1, "Enter the text to send")
      .max(1600, "Messages cannot be longer than 1600 characters."),
  })
  .refine((b) => Boolean(b.phone || b.customerId), { message: INTEGRATION_TEXT.noRecipient })
  .meta({ examples: [{ customerId: "parley-42", text: "Your order has shipped!" }] });

/** The Customer.io id of a subscriber, and back. */
export const customerIoId = (subscriberId: number) => `parley-${subscriberId}`;
export function subscriberIdOfCustomerIo(id: string): number | null {
  const m = /^parley-(\d{1,15})$/.exec(id);
  return m ? Number(m[1]) : null;
}
