import { Anchor, Button, Paper, Stack, Text } from "@mantine/core";
import { IconCalendarEvent } from "@tabler/icons-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { useBookingLink } from "../api/help";

/** /help/meet-with-an-engineer: the operator's booking page (ENGINEER_BOOKING_URL). */
export default function MeetEngineerPage() {
  const { t } = useTranslation();
  const booking = useBookingLink();
  return (
    <Stack gap="md" maw={640}>
      <PageHeader
        title={t("Meet With an Engineer")}
        description={t(
          "Book a video call with one of our engineers to set up or troubleshoot your texting.",
        )}
      />
      {!booking.data ? (
        <TableSkeleton rows={2} />
      ) : booking.data.url ? (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
          <Stack gap="sm" align="flex-start">
            <Text>{t("Pick a time that suits you; the booking page opens in a new tab.")}</Text>
            <Button
              component="a"
              href={booking.data.url}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconCalendarEvent size={16} />}
            >
              {t("Book a call")}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <EmptyState
          icon={<IconCalendarEvent size={28} />}
          title={t("Calls are booked by message on this server")}
          description={
            <Trans
              t={t}
              i18nKey="This Parley server has no booking page set up. Write to us from <0>Contact Us</0> and an engineer will propose a time."
              components={[<Anchor key="contact" component={Link} inherit to="/help/contact-us" />]}
            />
          }
        />
      )}
    </Stack>
  );
}
