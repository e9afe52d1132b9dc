import { Button, Paper, Stack, Text } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { keptMailPreview } from "../../../../domain/mailbox.schemas";
import { api } from "../../../lib/api-client";

/**
 * When Parley keeps mail itself (no SMTP configured), the mail a person waits for is shown right
 * here: someone who just signed up, or forgot their password, has no inbox to open it from.
 * `source`: sign-up's verification mail (default) or forgot password's reset mail; the server
 * decides whether it may be shown at all.
 */
export function PendingMail({ source = "/api/auth/pending-mail" }: { source?: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ["pending-mail", source],
    queryFn: () => api.get(source, { schema: keptMailPreview }),
    // The mail leaves in the background, and a link sent again replaces it.
    refetchInterval: 3000,
  });
  const mail = q.data?.mails[0];
  if (!q.data?.local || !mail) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="pending-mail" ta="left">
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          {t("Local mailbox (no mail server is set up)")}
        </Text>
        <Text size="sm" fw={600}>
          <IconMail size={14} style={{ verticalAlign: "-2px" }} /> {mail.subject}
        </Text>
        {mail.link && (
          <Button component="a" href={mail.link} size="xs">
            {t("Open the link in this mail")}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
