import { Group, Loader, Text, ThemeIcon } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconUsers } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { GroupRules } from "../../../../domain/groups.schemas";
import { formatNumber, translateMessage } from "../../../i18n";
import { useRulesPreview } from "../api/rules-preview";

/** Live count of subscribers the rules on screen match, asked 400 ms after the last change. */
export function RulesPreview({ rules }: { rules: GroupRules | null }) {
  const { t } = useTranslation();
  const [settled] = useDebouncedValue(rules, 400);
  // While typing, the settled rules lag behind: show the loader rather than a stale number.
  const waiting = JSON.stringify(settled) !== JSON.stringify(rules);
  const preview = useRulesPreview(settled);
  let body: ReactNode;
  if (!rules) {
    body = (
      <Text size="sm" c="dimmed">
        {t("Complete the rules to see how many subscribers match.")}
      </Text>
    );
  } else if (preview.isError && !waiting) {
    body = (
      <Text size="sm" c="red">
        {translateMessage(preview.error.message)}
      </Text>
    );
  } else if (preview.data === undefined || waiting || preview.isFetching) {
    body = (
      <Group gap={8}>
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t("Counting matching subscribers…")}
        </Text>
      </Group>
    );
  } else {
    body = (
      <Text size="sm">
        {preview.data === 1 ? (
          <Trans
            t={t}
            i18nKey="<0>{{n}}</0> subscriber matches these rules right now."
            values={{ n: formatNumber(preview.data) }}
            components={[<b key="n" />]}
          />
        ) : (
          <Trans
            t={t}
            i18nKey="<0>{{n}}</0> subscribers match these rules right now."
            values={{ n: formatNumber(preview.data) }}
            components={[<b key="n" />]}
          />
        )}
      </Text>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" data-testid="rules-preview" aria-live="polite">
      <ThemeIcon variant="light" size={32} radius="xl">
        <IconUsers size={18} />
      </ThemeIcon>
      {body}
    </Group>
  );
}
