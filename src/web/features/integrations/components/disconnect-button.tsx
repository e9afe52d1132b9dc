import { Button, Group, Modal, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../../lib/notify";
import { type ProviderPath, useDisconnect } from "../api/integrations";

/** Disconnect, after saying what stops. */
export function DisconnectButton(props: {
  path: ProviderPath | "zapier";
  name: string;
  effect: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const disconnect = useDisconnect(props.path);
  return (
    <>
      <Button color="red.8" variant="outline" onClick={() => setOpen(true)}>
        {t("Disconnect")}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t("Disconnect {{name}}?", { name: props.name })}
      >
        <Text size="sm" mb="md">
          {props.effect}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)}>
            {t("Cancel")}
          </Button>
          <Button
            color="red.8"
            loading={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(undefined, {
                onSuccess: () => {
                  setOpen(false);
                  notify.success(t("{{name}} is disconnected.", { name: props.name }));
                },
              })
            }
          >
            {t("Disconnect")}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
