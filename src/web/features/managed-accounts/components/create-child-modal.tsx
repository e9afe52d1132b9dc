import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { translateFields } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useCreateChildAccount } from "../api/managed-accounts";

const EMPTY = { businessName: "", email: "", firstName: "", lastName: "" };

/** A new child account: the business and its owner's e-mail (their way in is a password reset). */
export function CreateChildModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateChildAccount();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    setForm(EMPTY);
    setErrors({});
    create.reset();
    props.onClose();
  };
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => {
    // Read now: React clears currentTarget before the updater runs.
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [k]: value }));
  };
  const submit = () => {
    const local: Record<string, string> = {};
    if (!form.businessName.trim()) local.businessName = t("Business name is required");
    if (!form.email.trim()) local.email = t("Email is required");
    setErrors(local);
    if (Object.keys(local).length) return;
    create.mutate(form, {
      onSuccess: (c) => {
        notify.success(t("{{name}} was created", { name: c.businessName }));
        close();
      },
      onError: (e) => {
        if (e instanceof ApiError)
          setErrors(translateFields(e.extra.fields ?? { email: e.message }));
      },
    });
  };
  return (
    <Modal opened={props.opened} onClose={close} title={t("New managed account")} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t("Business name")}
            withAsterisk
            value={form.businessName}
            onChange={set("businessName")}
            error={errors.businessName}
            data-autofocus
          />
          <TextInput
            label={t("Owner's email")}
            withAsterisk
            type="email"
            value={form.email}
            onChange={set("email")}
            error={errors.email}
            description={t(
              t("We e-mail the owner a link to activate the account and set their password."),
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("Owner's first name")}
              value={form.firstName}
              onChange={set("firstName")}
              error={errors.firstName}
            />
            <TextInput
              label={t("Owner's last name")}
              value={form.lastName}
              onChange={set("lastName")}
              error={errors.lastName}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t(
              t(
                "The account starts with trial credits and sees your controlled templates read-only.",
              ),
            )}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("Create account")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
