import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useCreateChildAccount } from "../api/managed-accounts";

const EMPTY = { businessName: "", email: "", firstName: "", lastName: "" };

/** A new child account: the business and its owner's e-mail (their way in is a password reset). */
export function CreateChildModal(props: { opened: boolean; onClose: () => void }) {
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
    if (!form.businessName.trim()) local.businessName = "Business name is required";
    if (!form.email.trim()) local.email = "Email is required";
    setErrors(local);
    if (Object.keys(local).length) return;
    create.mutate(form, {
      onSuccess: (c) => {
        notify.success(`${c.businessName} was created`);
        close();
      },
      onError: (e) => {
        if (e instanceof ApiError) setErrors(e.extra.fields ?? { email: e.message });
      },
    });
  };
  return (
    <Modal opened={props.opened} onClose={close} title="New managed account" size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Business name"
            withAsterisk
            value={form.businessName}
            onChange={set("businessName")}
            error={errors.businessName}
            data-autofocus
          />
          <TextInput
            label="Owner's email"
            withAsterisk
            type="email"
            value={form.email}
            onChange={set("email")}
            error={errors.email}
            description="We e-mail the owner a link to activate the account and set their password."
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Owner's first name"
              value={form.firstName}
              onChange={set("firstName")}
              error={errors.firstName}
            />
            <TextInput
              label="Owner's last name"
              value={form.lastName}
              onChange={set("lastName")}
              error={errors.lastName}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            The account starts with trial credits and sees your controlled templates read-only.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
