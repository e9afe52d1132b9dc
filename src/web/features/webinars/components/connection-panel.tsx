import { Alert, Button, Group, Skeleton, Text } from "@mantine/core";
import { IconInfoCircle, IconPlugConnected } from "@tabler/icons-react";
import { Trans, useTranslation } from "react-i18next";
import { WEBINAR_PROVIDER_NAMES, type WebinarProvider } from "../../../../domain/webinars";
import { notify } from "../../../lib/notify";
import { connectPath, useConnections, useDisconnect } from "../api/connections";
import { connectionText } from "../lib/connection-text";

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
  const { t } = useTranslation();
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
            <Trans
              t={t}
              i18nKey="Connected to {{name}} as <0>{{who}}</0>. Imports use this account."
              values={{ name, who: c.connection.email || t("your account") }}
              components={[<b key="who" />]}
            />
          </Text>
          <Button
            size="xs"
            variant="default"
            loading={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(provider, {
                onSuccess: () => notify.success(connectionText(t, "disconnected", name)),
              })
            }
          >
            {t("Disconnect")}
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
            ? connectionText(t, "connectFailed", name)
            : c.serverToken
              ? t(
                  "Connect your own {{name}} account to import its webinars. Until then, imports use this server's {{name}} account.",
                  { name },
                )
              : t("Connect your {{name}} account to import a webinar's registrants by its ID.", {
                  name,
                })}
        </Text>
        <Button size="xs" component="a" href={connectPath(provider)}>
          {t("Connect {{name}}", { name })}
        </Button>
      </Group>
    </Alert>
  );
}
