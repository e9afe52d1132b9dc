import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { formatUsNumber } from "../../../../domain/phone";
import {
  VOICE_CHOICES,
  VOICE_PRICE_TEXT,
  VOICE_TEXT_MAX,
  VOICE_UNAVAILABLE_TEXT,
  type VoiceBroadcastInput,
  type VoiceChoice,
} from "../../../../domain/voice";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { useCurrentAccount } from "../../../lib/current-account";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { fromZonedInput, toZonedInput } from "../../../lib/zoned-input";
import { useGroups } from "../../groups/api/list-groups";
import { useSendingNumbers } from "../../send-message/api/send-message-api";
import { previewUrl, useAudience, useBroadcast, useSaveBroadcast } from "../api/phone-messages-api";

/**
 * /phone-messages/send: type what the call says, choose a voice and hear it, choose who is called
 * (only subscribers with voice consent are), then call now or at a time. ?edit=<id> edits a
 * scheduled broadcast.
 */
export default function SendPhoneMessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = /^\d{1,9}$/.test(params.get("edit") ?? "") ? Number(params.get("edit")) : null;
  const editing = useBroadcast(editId);
  const numbers = useSendingNumbers();
  const groups = useGroups({ page: 0, pageSize: 500, query: "" });
  const [text, setText] = useState("");
  const [voice, setVoice] = useState<VoiceChoice>("en-US:woman");
  const [numberId, setNumberId] = useState<string | null>(null);
  const [mode, setMode] = useState<"all" | "groups">("all");
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [when, setWhen] = useState<"now" | "later">("now");
  const timeZone = useAccountTimeZone();
  // The wall time typed, in the account's zone; until edited, an hour from now there (read at
  // render, so the account's zone is used once it has loaded).
  const [typedSendAt, setSendAt] = useState<string | null>(null);
  const sendAt = typedSendAt ?? toZonedInput(new Date(Date.now() + 3_600_000), timeZone);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveBroadcast(editId);
  // A texts-only carrier (Telnyx) places no calls: say so instead of letting a send fail.
  const noVoice = useCurrentAccount()?.carrierVoice === false;

  const active = (numbers.data?.rows ?? []).filter((n) => n.state === "active");
  useEffect(() => {
    if (numberId === null && active[0]) setNumberId(String(active[0].id));
  }, [active, numberId]);
  useEffect(() => {
    const b = editing.data;
    if (!b) return;
    setText(b.text);
    const choice = VOICE_CHOICES.find((v) => v.language === b.language && v.voice === b.voice);
    if (choice) setVoice(choice.value);
    setNumberId(String(b.phoneNumberId));
    setMode(b.recipients.mode === "groups" ? "groups" : "all");
    setGroupIds(b.recipients.groupIds.map(String));
    setWhen("later");
    setSendAt(toZonedInput(b.sendAt, timeZone));
  }, [editing.data, timeZone]);

  const recipients: VoiceBroadcastInput["recipients"] = {
    mode,
    subscriberIds: [],
    groupIds: mode === "groups" ? groupIds.map(Number) : [],
  };
  const audience = useAudience(recipients);

  const playPreview = () => setPreview(previewUrl(text, voice));

  const submit = () => {
    setError(null);
    if (!text.trim()) return setError(translateMessage("Type what the call should say."));
    if (!numberId) return setError(t("Choose a number to call from."));
    if (mode === "groups" && groupIds.length === 0)
      return setError(t("Choose at least one group."));
    const typed = when === "later" ? fromZonedInput(sendAt, timeZone) : "";
    const at = typed ? new Date(typed) : null;
    if (when === "later" && (!at || at.getTime() < Date.now())) {
      return setError(t("Choose a time in the future, or call now."));
    }
    save.mutate(
      {
        name: "",
        text,
        voice,
        phoneNumberId: Number(numberId),
        recipients,
        sendAt: at?.toISOString(),
      },
      {
        onSuccess: (b) => {
          notify.success(
            b.status === "scheduled" ? t("Voice broadcast scheduled") : t("Calling now"),
          );
          navigate(
            b.status === "scheduled" && at ? "/phone-messages/scheduled" : "/phone-messages",
          );
        },
      },
    );
  };

  const a = audience.data;
  return (
    <Stack maw={760}>
      <PageHeader
        title={editId ? t("Edit Phone Message") : t("Send Phone Message")}
        description={translateMessage(VOICE_PRICE_TEXT)}
      />
      {noVoice && (
        <Alert color="yellow" title={t("Calls are off")} data-testid="voice-unavailable">
          {translateMessage(VOICE_UNAVAILABLE_TEXT)}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <Stack>
          <Select
            label={t("Call from")}
            data={active.map((n) => ({
              value: String(n.id),
              label: n.name ? `${formatUsNumber(n.number)} · ${n.name}` : formatUsNumber(n.number),
            }))}
            value={numberId}
            onChange={setNumberId}
            placeholder={numbers.isPending ? t("Loading numbers…") : t("No active number")}
            allowDeselect={false}
          />
          <Textarea
            label={t("What the call says")}
            autosize
            minRows={4}
            maxLength={VOICE_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            description={t("{{length}} / {{max}} characters", {
              length: text.length,
              max: VOICE_TEXT_MAX,
            })}
          />
          <Group align="end" wrap="wrap">
            <Select
              label={t("Voice")}
              data={VOICE_CHOICES.map((v) => ({
                value: v.value,
                label: translateMessage(v.label),
              }))}
              value={voice}
              onChange={(v) => v && setVoice(v as VoiceChoice)}
              allowDeselect={false}
              w={240}
            />
            <Button
              variant="default"
              leftSection={<IconPlayerPlay size={16} />}
              onClick={playPreview}
              disabled={!text.trim()}
            >
              {t("Preview")}
            </Button>
          </Group>
          {preview && (
            // biome-ignore lint/a11y/useMediaCaption: synthetic speech of the text shown above
            <audio
              controls
              autoPlay
              src={preview}
              aria-label={t("Preview of the call")}
              data-testid="preview-audio"
            />
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <Text fw={600}>{t("Who is called")}</Text>
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as "all" | "groups")}
            data={[
              { value: "all", label: t("All subscribers") },
              { value: "groups", label: t("Groups") },
            ]}
          />
          {mode === "groups" && (
            <MultiSelect
              label={t("Groups")}
              searchable
              data={(groups.data?.rows ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              value={groupIds}
              onChange={setGroupIds}
              placeholder={t("Choose groups")}
            />
          )}
          <Text size="sm" data-testid="voice-audience">
            {a
              ? a.blocked
                ? t(
                    "{{callable}} will be called. Left out: {{noConsent}} without voice consent, {{optedOut}} opted out, {{blocked}} blocked. Cost: about {{callable}} credits (you have {{balance}}).",
                    {
                      callable: a.callable,
                      noConsent: a.noVoiceConsent,
                      optedOut: a.optedOut,
                      blocked: a.blocked,
                      balance: a.balance,
                    },
                  )
                : t(
                    "{{callable}} will be called. Left out: {{noConsent}} without voice consent, {{optedOut}} opted out. Cost: about {{callable}} credits (you have {{balance}}).",
                    {
                      callable: a.callable,
                      noConsent: a.noVoiceConsent,
                      optedOut: a.optedOut,
                      balance: a.balance,
                    },
                  )
              : audience.isError
                ? translateMessage(audience.error.message)
                : t("Counting recipients…")}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <SegmentedControl
            value={when}
            onChange={(v) => setWhen(v as "now" | "later")}
            data={[
              { value: "now", label: t("Call now") },
              { value: "later", label: t("Schedule") },
            ]}
          />
          {when === "later" && (
            <TextInput
              type="datetime-local"
              label={t("Call at ({{zone}})", { zone: timeZone })}
              description={t("In your account's time zone (Settings).")}
              value={sendAt}
              onChange={(e) => setSendAt(e.currentTarget.value)}
            />
          )}
        </Stack>
      </Paper>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate("/phone-messages")}>
          {t("Cancel")}
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={noVoice || a?.callable === 0}>
          {when === "later" ? (editId ? t("Save") : t("Schedule")) : t("Call now")}
        </Button>
      </Group>
    </Stack>
  );
}
