import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DedicatedNumber, virtualReplyRequest } from "../../../../domain/numbers.schemas";
import { toE164 } from "../../../../domain/phone";
import { translateMessage } from "../../../i18n";
import { useTextAccountNumber } from "../api/text-account-number";
import { AccountNumberSelect } from "./account-number-select";
import { QUICK_WORDS } from "./phone-thread";

type Errors = Partial<Record<"from" | "to" | "body", string>>;

/** Text one of the account's numbers from a phone that has no thread yet (try JOIN, a keyword). */
export function NewTextModal(props: {
  opened: boolean;
  numbers: DedicatedNumber[];
  onClose: () => void;
  onSent: (phone: string) => void;
}) {
  const { t } = useTranslation();
  const send = useTextAccountNumber();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState<string | null>(null);
  const [body, setBody] = useState("JOIN");
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (props.opened) {
      setErrors({});
      setTo((current) => current ?? props.numbers[0]?.number ?? null);
    }
  }, [props.opened, props.numbers]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    const phone = toE164(from);
    if (!phone) next.from = translateMessage("Invalid phone number");
    else if (props.numbers.some((n) => n.number === phone)) {
      next.from = t("That is one of your own numbers: use an outside phone number");
    }
    const parsed = virtualReplyRequest.safeParse({ to: to ?? "", body });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as "to" | "body";
        next[key] ??= translateMessage(issue.message);
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !phone || !parsed.success) return;
    send.mutate(
      { from: phone, ...parsed.data, existing: false },
      {
        onSuccess: () => {
          props.onSent(phone);
          setFrom("");
          setBody("JOIN");
        },
      },
    );
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("Text from a new phone")}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t(
              "Pretend to be someone new: the text reaches your account through the carrier's inbound webhook, exactly as a real one would.",
            )}
          </Text>
          <TextInput
            label={t("From (the virtual phone)")}
            placeholder="(415) 555-0123"
            type="tel"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            error={errors.from}
            data-autofocus
          />
          <AccountNumberSelect
            label={t("To (your number)")}
            numbers={props.numbers}
            value={to}
            onChange={setTo}
            error={errors.to}
          />
          <Textarea
            label={t("Message")}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={errors.body}
            autosize
            minRows={2}
            maxLength={1600}
          />
          <Group gap={4}>
            {QUICK_WORDS.map((w) => (
              <Button
                key={w}
                size="compact-xs"
                radius="xl"
                variant="default"
                onClick={() => setBody(w)}
              >
                {w}
              </Button>
            ))}
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t("Send text")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
