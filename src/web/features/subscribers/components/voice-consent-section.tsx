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
import { VOICE_CONSENT_METHODS, type VoiceConsentMethod } from "../../../../domain/voice";
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
        given ? "Say how the subscriber asked to stop." : "Say how the subscriber gave consent.",
      );
    save.mutate(
      { given: !given, method, evidence },
      {
        onSuccess: () => {
          notify.success(given ? "Voice consent withdrawn" : "Voice consent recorded");
          close();
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="voice-consent">
      <Group justify="space-between" wrap="wrap" gap="xs" mb={4}>
        <Title order={4} size="h5">
          Voice calls
        </Title>
        {canEdit && history.data && (
          <Button
            size="compact-sm"
            variant={given ? "default" : "light"}
            color={given ? "red" : undefined}
            onClick={() => setEditing(true)}
          >
            {given ? "Withdraw voice consent" : "Record voice consent"}
          </Button>
        )}
      </Group>
      {history.isPending ? (
        <Skeleton h={16} w={220} />
      ) : history.isError ? (
        <Text size="sm" c="red">
          The consent history could not be loaded.
        </Text>
      ) : latest ? (
        <>
          <Text size="sm" fw={600} data-testid="voice-consent-status">
            {given ? "Agreed to voice calls" : "Withdrew voice consent"}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {latest.detail}
            {" · "}
            {formatDateTime(latest.createdAt, props.timeZone)}
            {latest.user ? ` · recorded by ${latest.user.name}` : ""}
          </Text>
        </>
      ) : (
        <Text size="sm" data-testid="voice-consent-status">
          No voice consent: left out of voice broadcasts
        </Text>
      )}
      <Modal
        opened={editing}
        onClose={close}
        title={given ? "Withdraw voice consent" : "Record voice consent"}
      >
        <Stack gap="sm">
          <Text size="sm">
            {given
              ? `${props.who} will not be called by voice broadcasts any more, including calls not yet placed. The withdrawal is written to the consent history with your name.`
              : `Record consent only when ${props.who} agreed to receive recorded voice calls from you. It is written to the consent history with your name.`}
          </Text>
          <SegmentedControl
            value={method}
            onChange={(v) => setMethod(v as VoiceConsentMethod)}
            data={Object.entries(VOICE_CONSENT_METHODS).map(([value, label]) => ({
              value,
              label,
            }))}
            aria-label={given ? "How they asked to stop" : "How they agreed"}
          />
          <Textarea
            label={given ? "How did they ask to stop?" : "Evidence"}
            placeholder={
              method === "verbal"
                ? "e.g. Said yes on the phone with Maria on 3 May"
                : "e.g. Signed the in-store form, kept in the binder"
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
              Cancel
            </Button>
            <Button color={given ? "red" : undefined} onClick={submit} loading={save.isPending}>
              {given ? "Withdraw Consent" : "Record Consent"}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
