import { Avatar, Badge, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { virtualPhone } from "../../../../domain/numbers.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { shortTime } from "../thread-format";
import classes from "./virtual-phones.module.css";

type Phone = z.infer<typeof virtualPhone>;

/** The phones that exchanged texts with the account, newest conversation first. */
export function PhoneList(props: {
  phones: Phone[] | undefined;
  selected: string | null;
  onSelect: (phone: string) => void;
}) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  if (!props.phones) {
    return (
      <Stack gap={8} p="xs" aria-busy="true" aria-label={t("Loading phones")}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={48} radius="md" />
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="lg" p={6}>
      <nav aria-label={t("Virtual phones")}>
        <Stack gap={2}>
          {props.phones.map((p) => (
            <button
              key={p.phone}
              type="button"
              className={classes.phoneItem}
              data-active={p.phone === props.selected}
              aria-current={p.phone === props.selected ? "true" : undefined}
              onClick={() => props.onSelect(p.phone)}
              data-testid="virtual-phone"
            >
              <Avatar radius="xl" color="brand" size={38}>
                {p.phone.slice(-2)}
              </Avatar>
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" gap={6} wrap="nowrap">
                  <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                    {formatUsNumber(p.phone)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                    {shortTime(p.lastMessageAt, timeZone)}
                  </Text>
                </Group>
                <Group justify="space-between" gap={6} wrap="nowrap">
                  <Text size="xs" c="dimmed" truncate="end">
                    {p.lastBody || t("(media)")}
                  </Text>
                  <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>
                    {p.messageCount}
                  </Badge>
                </Group>
              </Stack>
            </button>
          ))}
        </Stack>
      </nav>
    </Paper>
  );
}
