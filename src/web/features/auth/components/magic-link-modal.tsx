import { Alert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { magicLinkRequest } from "../../../../domain/sign-in.schemas";
import { translateMessage } from "../../../i18n";
import { useRequestMagicLink } from "../api/sign-in";
import { fieldErrors, formErrorOf } from "../form-errors";

/** 'Email me a sign-in link': a single-use link that logs in without the password. */
export function MagicLinkModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const request = useRequestMagicLink();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    request.reset();
    setError(undefined);
    props.onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = magicLinkRequest.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors<"email">(parsed.error).email);
      return;
    }
    setError(undefined);
    request.mutate(parsed.data.email);
  };
  return (
    <Modal opened={props.opened} onClose={close} title={t("Log in with a link")} centered>
      {request.isSuccess ? (
        <Stack gap="md" data-testid="magic-link-sent">
          <Text size="sm">{translateMessage(request.data.message)}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t("Done")}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t("We'll e-mail you a link that logs you in once, without your password.")}
            </Text>
            {request.isError && (
              <Alert color="red" variant="light" role="alert">
                {formErrorOf(request.error)}
              </Alert>
            )}
            <TextInput
              label={t("Email")}
              type="email"
              autoComplete="email"
              data-autofocus
              value={email}
              error={error}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("Cancel")}
              </Button>
              <Button type="submit" loading={request.isPending}>
                {t("Send Link")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
