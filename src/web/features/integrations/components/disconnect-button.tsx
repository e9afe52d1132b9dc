import { Button, Group, Modal, Text } from "@mantine/core";
import { useState } from "react";
import { notify } from "../../../lib/notify";
import { type ProviderPath, useDisconnect } from "../api/integrations";

/** Disconnect, after saying what stops. */
export function DisconnectButton(props: {
  path: ProviderPath | "zapier";
  name: string;
  effect: string;
}) {
  const [open, setOpen] = useState(false);
  const disconnect = useDisconnect(props.path);
  return (
    <>
      <Button color="red.8" variant="outline" onClick={() => setOpen(true)}>
        Disconnect
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Disconnect ${props.name}?`}>
        <Text size="sm" mb="md">
          {props.effect}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            color="red.8"
            loading={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(undefined, {
                onSuccess: () => {
                  setOpen(false);
                  notify.success(`${props.name} is disconnected.`);
                },
              })
            }
          >
            Disconnect
          </Button>
        </Group>
      </Modal>
    </>
  );
}
