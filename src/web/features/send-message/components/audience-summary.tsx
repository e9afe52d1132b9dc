import { Anchor, Group, Loader, Text } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { Trans, useTranslation } from "react-i18next";
import type { Audience } from "../../../../domain/send-audience";
import { formatNumber } from "../../../i18n";
import { exclusionText } from "../lib/audience-text";

const SUMMARY_HEIGHT = 42;

/**
 * Under the recipients: how many people get the message, its cost (message credits, and the
 * international credits the recipients abroad also spend), and who is left out and why.
 */
export function AudienceSummary(props: {
  audience: Audience | undefined;
  loading: boolean;
  creditsEach: number;
  onBuyInternational: () => void;
}) {
  const { t } = useTranslation();
  const a = props.audience;
  // Its two lines' room is kept while counting: the form below does not jump when it arrives.
  if (!a) {
    return (
      <div style={{ minHeight: SUMMARY_HEIGHT }}>
        {props.loading && <Loader size="xs" aria-label={t("Counting recipients")} />}
      </div>
    );
  }
  const excluded = exclusionText(a);
  const abroadCredits = a.abroad * props.creditsEach;
  const short = abroadCredits > a.internationalBalance;
  return (
    <div data-testid="audience-summary" aria-live="polite" style={{ minHeight: SUMMARY_HEIGHT }}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconUsers size={16} style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" fw={500}>
          {t("{{n}} people will get this message", {
            count: a.recipients,
            n: formatNumber(a.recipients),
          })}{" "}
          ·{" "}
          {t("{{n}} credits", {
            count: a.recipients * props.creditsEach,
            n: formatNumber(a.recipients * props.creditsEach),
          })}
          {abroadCredits > 0 &&
            ` + ${t("{{n}} international credits", { count: abroadCredits, n: formatNumber(abroadCredits) })} (${t("{{n}} recipients abroad", { count: a.abroad, n: formatNumber(a.abroad) })})`}
        </Text>
        {props.loading && <Loader size={12} />}
      </Group>
      {short && (
        <Text size="xs" c="red" mt={2} data-testid="audience-international-short">
          <Trans
            t={t}
            i18nKey="You have {{credits}}: the recipients abroad will not get it unless you <0>add international credits</0>."
            values={{
              credits: t("{{n}} international credits", {
                count: a.internationalBalance,
                n: formatNumber(a.internationalBalance),
              }),
            }}
            components={[
              <Anchor
                key="buy"
                component="button"
                type="button"
                size="xs"
                onClick={props.onBuyInternational}
              />,
            ]}
          />
        </Text>
      )}
      {excluded && (
        <Text size="xs" c="dimmed" mt={2} data-testid="audience-excluded">
          {excluded}
        </Text>
      )}
    </div>
  );
}
