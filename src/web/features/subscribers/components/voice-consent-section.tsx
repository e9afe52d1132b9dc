import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { VOICE_CONSENT_METHODS, type VoiceConsentMethod } from "../../../../domain/voice";
import { translateMessage } from "../../../i18n";
import { useMe } from "../../../lib/current-account";
import { formatDateTime } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { meCan } from "../../../lib/permissions";
import { useConsentHistory } from "../api/get-consent-history";
import { useSetVoiceConsent } from "../api/set-voice-consent";

/**
 * Voice calls on the subscriber page: whether the person agreed to voice broadcasts, read from
 * the consent ledger (its latest voice line: how, when, who recorded it), and recording consent
 * given by hand (verbally or in writing, with the evidence) or its withdrawal.
 */
export function VoiceConsentSection(props: {
  subscriberId: number;
  who: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const canEdit = meCan(me.data, "subscribers:write");
  const history = useConsentHistory(props.subscriberId);
  const [editing, setEditing] = useState(false);
  const [method, setMethod] = useState<VoiceConsentMethod>("verbal");
  const [evidence, setEvidence] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = useSetVoiceConsent(props.subscriberId);
  const latest = history.data?.find(
    (e) => e.action === "voice_opt_in" || e.action === "voice_opt_out",
  );
  const given = latest?.action === "voice_opt_in";

  const close = () => {
    setEditing(false);
    setEvidence("");
    setError(null);
  };
  const submit = () => {
    if (!evidence.trim())
      return setError(
        given
          ? t("Say how the subscriber asked to stop.")
          : t("Say how the subscriber gave consent."),
      );
    save.mutate(
      { given: !given, method, evidence },
      {
        onSuccess: () => {
          notify.success(given ? t("Voice consent withdrawn") : t("Voice consent recorded"));
          close();
        },
        onError: (e) => setError(translateMessage(e.message)),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="voice-consent">
      <Group justify="space-between" wrap="wrap" gap="xs" mb={4}>
        <Title order={4} size="h5">
          {t("Voice calls")}
        </Title>
        {canEdit && history.data && (
          <Button
            size="compact-sm"
            variant={given ? "default" : "light"}
            color={given ? "red" : undefined}
            onClick={() => setEditing(true)}
          >
            {given ? t("Withdraw voice consent") : t("Record voice consent")}
          </Button>
        )}
      </Group>
      {history.isPending ? (
        <Skeleton h={16} w={220} />
      ) : history.isError ? (
        <Text size="sm" c="red">
          {t("The consent history could not be loaded.")}
        </Text>
      ) : latest ? (
        <>
          <Text size="sm" fw={600} data-testid="voice-consent-status">
            {given ? t("Agreed to voice calls") : t("Withdrew voice consent")}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {latest.detail}
            {" · "}
            {formatDateTime(latest.createdAt, props.timeZone)}
            {latest.user ? ` · ${t("recorded by {{name}}", { name: latest.user.name })}` : ""}
          </Text>
        </>
      ) : (
        <Text size="sm" data-testid="voice-consent-status">
          {t("No voice consent: left out of voice broadcasts")}
        </Text>
      )}
      <Modal
        opened={editing}
        onClose={close}
        title={given ? t("Withdraw voice consent") : t("Record voice consent")}
      >
        <Stack gap="sm">
          <Text size="sm">
            {given
              ? t(
                  "{{who}} will not be called by voice broadcasts any more, including calls not yet placed. The withdrawal is written to the consent history with your name.",
                  { who: props.who },
                )
              : t(
                  "Record consent only when {{who}} agreed to receive recorded voice calls from you. It is written to the consent history with your name.",
                  { who: props.who },
                )}
          </Text>
          <SegmentedControl
            value={method}
            onChange={(v) => setMethod(v as VoiceConsentMethod)}
            data={Object.entries(VOICE_CONSENT_METHODS).map(([value, label]) => ({
              value,
              label: translateMessage(label),
            }))}
            aria-label={given ? t("How they asked to stop") : t("How they agreed")}
          />
          <Textarea
            label={given ? t("How did they ask to stop?") : t("Evidence")}
            placeholder={
              method === "verbal"
                ? t("e.g. Said yes on the phone with Maria on 3 May")
                : t("e.g. Signed the in-store form, kept in the binder")
            }
            maxLength={400}
            autosize
            minRows={2}
            value={evidence}
            onChange={(e) => {
              setEvidence(e.currentTarget.value);
              setError(null);
            }}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t("Cancel")}
            </Button>
            <Button color={given ? "red" : undefined} onClick={submit} loading={save.isPending}>
              {given ? t("Withdraw Consent") : t("Record Consent")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
