import { Group, Paper, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { MailSummary } from "../../../../domain/mailbox.schemas";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import classes from "./mailbox.module.css";

/** The mails, newest first; unread ones in bold with a dot. */
export function MailList(props: {
  rows: MailSummary[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  return (
    <Paper withBorder radius="lg" style={{ overflow: "hidden" }} data-testid="mail-list">
      {props.rows.map((mail) => (
        <button
          type="button"
          key={mail.id}
          className={classes.item}
          data-active={mail.id === props.selected}
          aria-current={mail.id === props.selected ? "true" : undefined}
          onClick={() => props.onSelect(mail.id)}
          data-testid="mail-item"
        >
          <Group gap={8} wrap="nowrap" justify="space-between">
            <Text size="sm" fw={mail.read ? 400 : 700} truncate="end" style={{ minWidth: 0 }}>
              {mail.subject}
            </Text>
            {!mail.read && (
              <>
                <span className={classes.unreadDot} aria-hidden="true" />
                <VisuallyHidden>{t("Unread")}</VisuallyHidden>
              </>
            )}
          </Group>
          <Group gap={8} wrap="nowrap" justify="space-between" mt={2}>
            <Text size="xs" c="dimmed" truncate="end" style={{ minWidth: 0 }}>
              {t("To {{address}}", { address: mail.to })}
            </Text>
            <Text size="xs" c="dimmed" style={{ flex: "none" }}>
              {formatDateTime(mail.createdAt, timeZone)}
            </Text>
          </Group>
        </button>
      ))}
    </Paper>
  );
}
