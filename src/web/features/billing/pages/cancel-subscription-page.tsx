import { Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { CancelDialogs } from "../components/cancel-dialogs";

/**
 * /billing/manage-subscription/cancel and /settings/cancel (?cancel=1 marks the stage, doc 1 §4):
 * the reason, then the confirm and after-cancel dialogs. Closing them returns to the subscription.
 */
export default function CancelSubscriptionPage() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Cancel Subscription" />
      <Text>
        Before you go, tell us why you are canceling. Your information is kept until the end of the
        period you paid for.
      </Text>
      <Stack gap="xs" align="flex-start">
        <Button color="red" variant="light" onClick={() => setOpen(true)}>
          Choose a reason
        </Button>
        <Button component={Link} to="/billing/manage-subscription" variant="subtle">
          Keep My Subscription
        </Button>
      </Stack>
      <CancelDialogs
        opened={open}
        onClose={() => {
          setOpen(false);
          navigate("/billing/manage-subscription");
        }}
      />
    </Stack>
  );
}
