import { z } from "zod";
import { bigId, intId } from "./ids";

/**
 * Campaigns: one name over sends and automations (drips, workflows), with their combined
 * results and the A/B comparison of the split steps of their automations.
 */
export const CAMPAIGN_TEXT = {
  notFound: "Campaign not found",
  nameTaken: "A campaign with this name already exists",
  memberNotFound: "Choose a send or an automation of this account",
  alreadyMember: "It is already in a campaign",
} as const;

export const campaignInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(100, "At most 100 characters"),
});

/** Exactly one of the two. */
export const addMemberRequest = z
  .object({
    sendId: bigId().optional(),
    automationId: intId().optional(),
  })
  .refine((m) => (m.sendId === undefined) !== (m.automationId === undefined), {
    message: "Choose a send or an automation",
  });

export const removeMemberRequest = z.object({ memberId: intId() });

export const campaignSummary = z.object({
  id: z.number(),
  name: z.string(),
  sends: z.number(),
  automations: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignSummary = z.infer<typeof campaignSummary>;
export const listCampaignsResponse = z.object({ rows: z.array(campaignSummary) });

const figures = {
  sent: z.number(),
  delivered: z.number(),
  failed: z.number(),
  pending: z.number(),
};

export const campaignMember = z.object({
  memberId: z.number(),
  kind: z.enum(["send", "drip", "workflow", "chatbot"]),
  id: z.number(),
  name: z.string(),
  status: z.string(),
  ...figures,
});
export type CampaignMember = z.infer<typeof campaignMember>;

export const splitBranch = z.object({
  branch: z.number(),
  label: z.string(),
  percent: z.number(),
  people: z.number(),
  texts: z.number(),
  delivered: z.number(),
  replies: z.number(),
  clicks: z.number(),
  optOuts: z.number(),
});
export type SplitBranch = z.infer<typeof splitBranch>;

export const splitComparison = z.object({
  automationId: z.number(),
  automationName: z.string(),
  stepId: z.string(),
  branches: z.array(splitBranch),
});
export type SplitComparison = z.infer<typeof splitComparison>;

export const campaignDetail = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  totals: z.object({
    ...figures,
    clicks: z.number(),
    replies: z.number(),
    optOuts: z.number(),
    credits: z.number(),
  }),
  failures: z.array(
    z.object({ reason: z.string(), code: z.number().nullable(), count: z.number() }),
  ),
  members: z.array(campaignMember),
  splits: z.array(splitComparison),
});
export type CampaignDetail = z.infer<typeof campaignDetail>;

export const campaignCandidates = z.object({
  sends: z.array(z.object({ id: z.number(), label: z.string(), status: z.string() })),
  automations: z.array(z.object({ id: z.number(), name: z.string(), kind: z.string() })),
});
export type CampaignCandidates = z.infer<typeof campaignCandidates>;

/** A share of a whole as a percentage with one decimal ("12.5%"), or "–" for no whole. */
export function percentOf(n: number, of: number): string {
  if (of <= 0) return "–";
  return `${Math.round((n / of) * 1000) / 10}%`;
}

/** A send is named by its first words and its date: "Weekend sale… (Nov 3, 2026)". */
export function sendLabel(text: string, at: Date): string {
  const words = text.replace(/\s+/g, " ").trim();
  const short = words.length > 48 ? `${words.slice(0, 47)}…` : words || "MMS";
  return `${short} (${at.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })})`;
}
