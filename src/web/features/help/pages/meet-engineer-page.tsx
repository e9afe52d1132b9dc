import { Anchor, Button, Paper, Stack, Text } from "@mantine/core";
import { IconCalendarEvent } from "@tabler/icons-react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { useBookingLink } from "../api/help";

/** /help/meet-with-an-engineer: the operator's booking page (ENGINEER_BOOKING_URL). */
export default function MeetEngineerPage() {
  const booking = useBookingLink();
  return (
    <Stack gap="md" maw={640}>
      <PageHeader
        title="Meet With an Engineer"
        description="Book a video call with one of our engineers to set up or troubleshoot your texting."
      />
      {!booking.data ? (
        <TableSkeleton rows={2} />
      ) : booking.data.url ? (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
          <Stack gap="sm" align="flex-start">
            <Text>Pick a time that suits you; the booking page opens in a new tab.</Text>
            <Button
              component="a"
              href={booking.data.url}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconCalendarEvent size={16} />}
            >
              Book a call
            </Button>
          </Stack>
        </Paper>
      ) : (
        <EmptyState
          icon={<IconCalendarEvent size={28} />}
          title="Calls are booked by message on this server"
          description={
            <>
              This Parley server has no booking page set up. Write to us from{" "}
              <Anchor component={Link} inherit to="/help/contact-us">
                Contact Us
              </Anchor>{" "}
              and an engineer will propose a time.
            </>
          }
        />
      )}
    </Stack>
  );
}
