import { Alert, Button, Group, Skeleton, Text } from "@mantine/core";
import { IconInfoCircle, IconPlugConnected } from "@tabler/icons-react";
import { CONNECTION_TEXT } from "../../../../domain/webinar-connections";
import { WEBINAR_PROVIDER_NAMES, type WebinarProvider } from "../../../../domain/webinars";
import { notify } from "../../../lib/notify";
import { connectPath, useConnections, useDisconnect } from "../api/connections";

/**
 * This account's Zoom or GoTo account on /webinars/import: which one is connected (and a way to
 * disconnect it), or a way to connect one when the server has the service's app.
 */
export function ConnectionPanel({
  provider,
  failed,
}: {
  provider: WebinarProvider;
  /** The service sent the browser back without a connection (?connectError=1). */
  failed: boolean;
}) {
  const connections = useConnections();
  const disconnect = useDisconnect();
  const name = WEBINAR_PROVIDER_NAMES[provider];
  if (connections.isPending) return <Skeleton h={60} radius="md" />;
  if (connections.isError) return null;
  const c = connections.data[provider];

  if (c.connection)
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconPlugConnected size={18} />}
        data-testid="connection"
      >
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">
            Connected to {name} as <b>{c.connection.email || "your account"}</b>. Imports use this
            account.
          </Text>
          <Button
            size="xs"
            variant="default"
            loading={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(provider, {
                onSuccess: () => notify.success(CONNECTION_TEXT.disconnected(name)),
              })
            }
          >
            Disconnect
          </Button>
        </Group>
      </Alert>
    );

  if (!c.connectable) return null;
  return (
    <Alert
      color={failed ? "red" : "blue"}
      variant="light"
      icon={<IconInfoCircle size={18} />}
      data-testid="connection"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">
          {failed
            ? CONNECTION_TEXT.connectFailed(name)
            : c.serverToken
              ? `Connect your own ${name} account to import its webinars. Until then, imports use this server's ${name} account.`
              : `Connect your ${name} account to import a webinar's registrants by its ID.`}
        </Text>
        <Button size="xs" component="a" href={connectPath(provider)}>
          Connect {name}
        </Button>
      </Group>
    </Alert>
  );
}
