import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { displayPhone } from "../../../../domain/contact-display";
import { RECORD_CONSENT_TEXT } from "../../../../domain/subscribers.schemas";
import { notify } from "../../../lib/notify";
import { useRecordConsent } from "../api/record-consent";

/**
 * Record by hand that a conversation contact agreed to marketing messages. The business attests
 * to it; the consent log keeps the line with the user and how the person agreed.
 */
export function RecordConsentModal(props: {
  opened: boolean;
  onClose: () => void;
  subscriber: { id: number; number: string };
  who: string;
}) {
  const [attested, setAttested] = useState(false);
  const [detail, setDetail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const record = useRecordConsent();
  const close = () => {
    setAttested(false);
    setDetail("");
    setError(null);
    props.onClose();
  };
  const submit = () => {
    if (!attested) {
      setError(RECORD_CONSENT_TEXT.attestation);
      return;
    }
    record.mutate(
      { id: props.subscriber.id, attestation: true, detail },
      {
        onSuccess: () => {
          notify.success("Marketing consent recorded");
          close();
        },
      },
    );
  };
  return (
    <Modal opened={props.opened} onClose={close} title="Record marketing consent">
      <Stack gap="sm">
        <Text size="sm">
          <b>{props.who}</b> ({displayPhone(props.subscriber.number)}) texted in but has not
          subscribed. Record consent only when the person agreed to receive your marketing texts.
        </Text>
        <Textarea
          label="How did they agree?"
          placeholder="e.g. Signed the paper form at the counter on 3 May"
          maxLength={300}
          autosize
          minRows={2}
          value={detail}
          onChange={(e) => setDetail(e.currentTarget.value)}
        />
        <Checkbox
          label="I confirm this person agreed to receive marketing text messages from us."
          checked={attested}
          onChange={(e) => {
            setAttested(e.currentTarget.checked);
            setError(null);
          }}
          error={error}
          data-testid="consent-attestation"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} loading={record.isPending} data-testid="record-consent-submit">
            Record Consent
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
