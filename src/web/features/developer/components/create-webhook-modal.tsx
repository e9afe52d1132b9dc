import { Button, Checkbox, Code, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import {
  WEBHOOK_EVENT_LABEL,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from "../../../../domain/webhooks";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useCreateWebhook } from "../api/webhooks";
import { SecretOnce } from "./secret-once";

const VERIFY = `// Node (npm install standardwebhooks): verify a delivery before trusting it
import { Webhook } from "standardwebhooks";
const event = new Webhook(SECRET).verify(rawBody, req.headers); // throws if forged or stale`;

/** New webhook: the receiving address and its events; then its signing secret, once. */
export function CreateWebhookModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);

  const close = () => {
    setUrl("");
    setDescription("");
    setEvents([]);
    setErrors({});
    setSecret(null);
    create.reset();
    props.onClose();
  };
  const submit = () => {
    create.mutate(
      { url: url.trim(), description, events },
      {
        onSuccess: (w) => {
          setSecret(w.secret);
          notify.success(t("Webhook created"));
        },
        onError: (e) => {
          if (e instanceof ApiError) setErrors(translateFields(e.extra.fields ?? { _: e.message }));
        },
      },
    );
  };

  return (
    <Modal opened={props.opened} onClose={close} title={t("New webhook")} size="lg">
      {secret ? (
        <Stack>
          <SecretOnce label={t("Signing secret")} value={secret} testId="new-webhook-secret" />
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="Each delivery is a JSON POST signed per Standard Webhooks: <0>webhook-signature</0> holds <1>v1,</1> and the base64 HMAC-SHA256 of the <2>webhook-id</2>, the <3>webhook-timestamp</3> and the raw body, joined by dots. Any Standard Webhooks library verifies it with this secret."
              components={[
                <Code key="signature" />,
                <Code key="v1" />,
                <Code key="id" />,
                <Code key="timestamp" />,
              ]}
            />
          </Text>
          <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {VERIFY}
          </Code>
          <Group justify="flex-end">
            <Button onClick={close}>{t("Done")}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <TextInput
              label={t("Receiving address")}
              placeholder="https://example.com/parley-events"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={errors.url}
              data-autofocus
            />
            <TextInput
              label={t("Description (optional)")}
              value={description}
              maxLength={200}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            <Checkbox.Group
              label={t("Events")}
              value={events}
              onChange={(v) => setEvents(v as WebhookEvent[])}
              error={errors.events}
            >
              <Stack gap={6} mt={6}>
                {WEBHOOK_EVENTS.map((e) => (
                  <Checkbox
                    key={e}
                    value={e}
                    label={`${e}: ${translateMessage(WEBHOOK_EVENT_LABEL[e])}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            {errors._ && (
              <Text c="red" size="sm" role="alert">
                {errors._}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("Cancel")}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t("Create webhook")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
