import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { displayPhone } from "../../../../domain/contact-display";
import { RECORD_CONSENT_TEXT } from "../../../../domain/subscribers.schemas";
import { translateMessage } from "../../../i18n";
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
  const { t } = useTranslation();
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
      setError(translateMessage(RECORD_CONSENT_TEXT.attestation));
      return;
    }
    record.mutate(
      { id: props.subscriber.id, attestation: true, detail },
      {
        onSuccess: () => {
          notify.success(t("Marketing consent recorded"));
          close();
        },
      },
    );
  };
  return (
    <Modal opened={props.opened} onClose={close} title={t("Record marketing consent")}>
      <Stack gap="sm">
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="<0>{{who}}</0> ({{number}}) texted in but has not subscribed. Record consent only when the person agreed to receive your marketing texts."
            values={{ who: props.who, number: displayPhone(props.subscriber.number) }}
            components={[<b key="who" />]}
          />
        </Text>
        <Textarea
          label={t("How did they agree?")}
          placeholder={t("e.g. Signed the paper form at the counter on 3 May")}
          maxLength={300}
          autosize
          minRows={2}
          value={detail}
          onChange={(e) => setDetail(e.currentTarget.value)}
        />
        <Checkbox
          label={t("I confirm this person agreed to receive marketing text messages from us.")}
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
            {t("Cancel")}
          </Button>
          <Button onClick={submit} loading={record.isPending} data-testid="record-consent-submit">
            {t("Record Consent")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
