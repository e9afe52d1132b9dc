import { Button, Group, Modal, Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { CANCEL_REASONS } from "../../../../domain/billing.schemas";
import { useCancel } from "../api/billing";
import { formatDay } from "./billing-bits";

/**
 * Cancel: a reason, then the confirm dialog and the after-cancel dialog of doc 1 §4 (the
 * retention offers per reason are not built yet).
 */
export function CancelDialogs(props: { opened: boolean; onClose: () => void }) {
  const cancel = useCancel();
  const navigate = useNavigate();
  const [reason, setReason] = useState<string | null>(null);
  const [stage, setStage] = useState<"reason" | "confirm" | "done">("reason");
  const [closesOn, setClosesOn] = useState<string | null>(null);
  const close = () => {
    setStage("reason");
    setReason(null);
    props.onClose();
  };
  return (
    <>
      <Modal
        opened={props.opened && stage === "reason"}
        onClose={close}
        title="Why are you canceling?"
        centered
      >
        <Stack gap="md">
          <Radio.Group value={reason} onChange={setReason} aria-label="Reason">
            <Stack gap="xs">
              {CANCEL_REASONS.map((r) => (
                <Radio key={r} value={r} label={r} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep My Subscription
            </Button>
            <Button color="red" disabled={!reason} onClick={() => setStage("confirm")}>
              Continue
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={props.opened && stage === "confirm"}
        onClose={close}
        title="Your Information Will Be Lost If You Cancel"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            Your message history, subscribers, keywords, chatbots and dedicated numbers will be
            lost. Chatbots are not restored if you reactivate.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep My Subscription
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                reason &&
                cancel.mutate(reason, {
                  onSuccess: (s) => {
                    setClosesOn(s.periodEnd);
                    setStage("done");
                  },
                })
              }
            >
              Cancel My Subscription
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={props.opened && stage === "done"}
        onClose={close}
        title="Your Account Will Be Cancelled"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            Your account closes after your paid-through date ({formatDay(closesOn)}). Your data is
            kept for 1 month after that.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button
              color="teal"
              onClick={() => {
                close();
                navigate("/billing/manage-subscription/reactivate");
              }}
            >
              Reactivate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
