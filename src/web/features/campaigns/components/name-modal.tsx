import { Alert, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CampaignDetail } from "../../../../domain/campaigns.schemas";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useSaveCampaign } from "../api/campaigns";

/** Names a new campaign or renames one. */
export function NameModal(props: {
  opened: boolean;
  campaign: { id: number; name: string } | null;
  onClose: () => void;
  onSaved?: (c: CampaignDetail) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCampaign();
  const [name, setName] = useState(props.campaign?.name ?? "");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setError(null);
    if (!name.trim()) return setError(t("Name is required"));
    save.mutate(
      { id: props.campaign?.id ?? null, name: name.trim() },
      {
        onSuccess: (c) => {
          notify.success(props.campaign ? t("Campaign renamed") : t("Campaign created"));
          props.onSaved?.(c);
          props.onClose();
        },
        onError: (e) =>
          setError(e instanceof ApiError ? translateMessage(e.message) : t("Not saved")),
      },
    );
  };
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.campaign ? t("Rename Campaign") : t("Create Campaign")}
      closeButtonProps={{ "aria-label": t("Close") }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t("Name")}
            data-autofocus
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
          />
          {error === null && save.isError && <Alert color="red">{t("Not saved")}</Alert>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={props.onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {props.campaign ? t("Save") : t("Create Campaign")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
