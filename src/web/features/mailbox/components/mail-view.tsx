import { Button, Divider, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconMailOpened } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state";
import { translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useMail } from "../api/get-mail";
import { MailText } from "./mail-text";

/** The open mail: who, when, and its text with working links. */
export function MailView({ id, onBack }: { id: number | null; onBack: () => void }) {
  const { t } = useTranslation();
  const mail = useMail(id);
  const timeZone = useAccountTimeZone();
  if (id === null) {
    return (
      <Paper withBorder radius="lg">
        <EmptyState
          icon={<IconMailOpened size={28} />}
          title={t("Select an e-mail to read it")}
          description={t(
            "Links in these e-mails work: open one to reset a password or accept an invitation.",
          )}
        />
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="mail-view">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={16} />}
        onClick={onBack}
        hiddenFrom="sm"
        mb="sm"
      >
        {t("All e-mails")}
      </Button>
      {mail.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t("Loading")}>
          <Skeleton height={26} width="70%" />
          <Skeleton height={14} width="45%" />
          <Skeleton height={120} mt="md" />
        </Stack>
      ) : mail.isError ? (
        <EmptyState
          icon={<IconMailOpened size={28} />}
          title={t("This e-mail could not be opened")}
          description={translateMessage(mail.error.message)}
        />
      ) : (
        <Stack gap="xs">
          <Title order={3} fz={20} style={{ overflowWrap: "anywhere" }}>
            {mail.data.subject}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t("From {{address}}", { address: mail.data.from })}
            </Text>
          </Group>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t("To {{address}}", { address: mail.data.to })}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(mail.data.createdAt, timeZone)}
            </Text>
          </Group>
          <Divider my="sm" />
          <MailText text={mail.data.text} publicBase={mail.data.publicBase} />
        </Stack>
      )}
    </Paper>
  );
}
