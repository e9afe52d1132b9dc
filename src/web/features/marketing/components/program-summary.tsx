import { Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { ProgramResponse } from "../../../../domain/marketing.schemas";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { formatDateTime } from "../lib/tools";

/** One line of what a program does, from its settings: whole sentences, so Spanish can reorder. */
export function summaryOf(t: TFunction, p: ProgramResponse, timeZone: string): string {
  const s = p.settings as Record<string, string | number | null>;
  const word = p.keyword ?? "";
  const at = (k: string) => formatDateTime(String(s[k]), timeZone);
  switch (p.kind) {
    case "loyalty":
      return t(
        "Text {{word}} to check in: {{count}} points per visit, once every {{hours}} h; {{reward}} at {{rewardPoints}} points.",
        {
          word: s.checkinCode ? `${word} ${s.checkinCode}` : word,
          count: Number(s.pointsPerCheckin),
          hours: s.periodHours,
          reward: s.reward,
          rewardPoints: s.rewardPoints,
        },
      );
    case "coupon": {
      const offer = t("{{offer}}, valid until {{date}}.", {
        offer: s.offer,
        date: at("expiresAt"),
      });
      return s.sentAt
        ? `${offer} ${t("Sent to {{sent}} on {{date}}.", { sent: s.sent, date: at("sentAt") })}`
        : offer;
    }
    case "giveaway":
      return t("Text {{word}} from {{start}} to {{end}} to win {{prize}} ({{count}} winners).", {
        word,
        start: at("startsAt"),
        end: at("endsAt"),
        prize: s.prize,
        count: Number(s.winners),
      });
    case "referral":
      return t(
        "Text {{word}} for an invite link. Friends: {{offer}} Sharers get {{reward}} for every {{count}} friends.",
        { word, offer: s.offer, reward: s.reward, count: Number(s.rewardReferrals) },
      );
    case "registration":
      return s.location
        ? t(
            "Text {{word}} to register for {{date}} at {{location}}; {{capacity}} places; text {{cancelWord}} to cancel.",
            {
              word,
              date: at("eventAt"),
              location: s.location,
              capacity: s.capacity,
              cancelWord: s.cancelWord,
            },
          )
        : t(
            "Text {{word}} to register for {{date}}; {{capacity}} places; text {{cancelWord}} to cancel.",
            { word, date: at("eventAt"), capacity: s.capacity, cancelWord: s.cancelWord },
          );
  }
}

export function ProgramSummary({ program }: { program: ProgramResponse }) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  return (
    <Text size="sm" c="dimmed">
      {summaryOf(t, program, timeZone)}
    </Text>
  );
}
