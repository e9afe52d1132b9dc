import { Button, Paper, Stack, Text } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api-client";

const pendingMail = z.object({
  local: z.boolean(),
  mails: z.array(
    z.object({ subject: z.string(), createdAt: z.string(), link: z.string().nullable() }),
  ),
});

/**
 * When Parley keeps mail itself (no SMTP configured), the verification mail is shown right here:
 * the person who just signed up has no inbox to open it from.
 */
export function PendingMail() {
  const q = useQuery({
    queryKey: ["pending-mail"],
    queryFn: () => api.get("/api/auth/pending-mail", { schema: pendingMail }),
    refetchInterval: 5000,
  });
  const mail = q.data?.mails[0];
  if (!q.data?.local || !mail) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="pending-mail">
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          Local mailbox (no mail server is set up)
        </Text>
        <Text size="sm" fw={600}>
          <IconMail size={14} style={{ verticalAlign: "-2px" }} /> {mail.subject}
        </Text>
        {mail.link && (
          <Button component="a" href={mail.link} size="xs" variant="light">
            Open the link in this mail
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
