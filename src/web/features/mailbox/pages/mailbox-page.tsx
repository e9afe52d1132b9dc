import { Alert, Box, Group, Pagination, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { IconInfoCircle, IconMail } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { useMailbox } from "../api/list-mail";
import { MailList } from "../components/mail-list";
import { MailView } from "../components/mail-view";
import classes from "../components/mailbox.module.css";

const PAGE_SIZE = 25;

/**
 * /mailbox: the mail this server keeps when no SMTP server is configured (password resets,
 * invitations), so a person can open each one and follow its links. The owner reads all of the
 * account's mail; other users read their own.
 */
export default function MailboxPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const idParam = Number(params.get("id"));
  const selected = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const mailbox = useMailbox(page, PAGE_SIZE);
  const select = (id: number | null) =>
    setParams(id ? { id: String(id) } : {}, { replace: selected !== null && id !== null });

  const data = mailbox.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <>
      <Box visibleFrom={selected ? "sm" : undefined}>
        <PageHeader
          title={t("Mailbox")}
          description={
            data && data.unread > 0
              ? t("{{unread}} unread of {{total}}", { unread: data.unread, total: data.total })
              : t("E-mail this server sent: password resets and invitations, with working links.")
          }
        />
        {data && !data.local && (
          <Alert icon={<IconInfoCircle size={18} />} variant="light" mb="md">
            {t(
              "This server delivers e-mail through its SMTP server, so new mail goes to real inboxes. Mail kept before that is shown here.",
            )}
          </Alert>
        )}
      </Box>
      {mailbox.isError ? (
        <Paper withBorder radius="lg">
          <LoadFailed
            icon={<IconMail size={28} />}
            title={t("The mailbox could not be loaded")}
            query={mailbox}
          />
        </Paper>
      ) : data && data.total === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyState
            icon={<IconMail size={28} />}
            title={t("No e-mail yet")}
            description={t(
              "No mail server is configured, so Parley keeps the e-mail it sends here: invite a teammate from Team, or ask for a password reset, and the mail shows up at once.",
            )}
          />
        </Paper>
      ) : (
        <div className={classes.layout} data-open={selected !== null}>
          <div className={classes.listPane}>
            {data ? (
              <Stack gap="sm">
                <MailList rows={data.rows} selected={selected} onSelect={select} />
                {pages > 1 && (
                  <Group justify="center">
                    <Pagination total={pages} value={page} onChange={setPage} size="sm" />
                  </Group>
                )}
              </Stack>
            ) : (
              <Paper withBorder radius="lg" p="md">
                <Stack gap="md" aria-busy="true" aria-label={t("Loading")}>
                  {[0, 1, 2, 3].map((i) => (
                    <Stack key={i} gap={6}>
                      <Skeleton height={14} width="80%" />
                      <Skeleton height={10} width="55%" />
                    </Stack>
                  ))}
                </Stack>
              </Paper>
            )}
          </div>
          <div className={classes.readPane}>
            <MailView id={selected} onBack={() => select(null)} />
          </div>
        </div>
      )}
      {data?.local && data.total > 0 && (
        <Text size="xs" c="dimmed" mt="md" visibleFrom="sm">
          {t(
            "Set SMTP_URL (or SMTP_HOST) on the server to deliver e-mail to real inboxes instead.",
          )}
        </Text>
      )}
    </>
  );
}
