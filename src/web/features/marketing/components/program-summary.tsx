import { Text } from "@mantine/core";
import type { ProgramResponse } from "../../../../domain/marketing.schemas";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { formatDateTime } from "../lib/tools";

/** One line of what a program does, from its settings. */
export function summaryOf(p: ProgramResponse, timeZone: string): string {
  const s = p.settings as Record<string, string | number | null>;
  const word = p.keyword ?? "";
  switch (p.kind) {
    case "loyalty":
      return `Text ${word}${s.checkinCode ? ` ${s.checkinCode}` : ""} to check in: ${s.pointsPerCheckin} point${Number(s.pointsPerCheckin) === 1 ? "" : "s"} per visit, once every ${s.periodHours} h; ${s.reward} at ${s.rewardPoints} points.`;
    case "coupon":
      return `${s.offer}, valid until ${formatDateTime(String(s.expiresAt), timeZone)}.${s.sentAt ? ` Sent to ${s.sent} on ${formatDateTime(String(s.sentAt), timeZone)}.` : ""}`;
    case "giveaway":
      return `Text ${word} from ${formatDateTime(String(s.startsAt), timeZone)} to ${formatDateTime(String(s.endsAt), timeZone)} to win ${s.prize} (${s.winners} winner${Number(s.winners) === 1 ? "" : "s"}).`;
    case "referral":
      return `Text ${word} for an invite link. Friends: ${s.offer} Sharers get ${s.reward} for every ${s.rewardReferrals} friend${Number(s.rewardReferrals) === 1 ? "" : "s"}.`;
    case "registration":
      return `Text ${word} to register for ${formatDateTime(String(s.eventAt), timeZone)}${s.location ? ` at ${s.location}` : ""}; ${s.capacity} places; text ${s.cancelWord} to cancel.`;
  }
}

export function ProgramSummary({ program }: { program: ProgramResponse }) {
  const timeZone = useAccountTimeZone();
  return (
    <Text size="sm" c="dimmed">
      {summaryOf(program, timeZone)}
    </Text>
  );
}
