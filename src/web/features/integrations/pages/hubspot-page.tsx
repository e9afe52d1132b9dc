import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { INTEGRATION_INFO } from "../../../../domain/integrations";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import {
  useConnectHubspot,
  useIntegration,
  useIntegrations,
  useSyncNow,
} from "../api/integrations";
import { BackToIntegrations } from "../components/back-link";
import { DisconnectButton } from "../components/disconnect-button";
import { IntegrationStatusPanel } from "../components/integration-status";

/** /addons/integrations/hubspot: contacts sync both ways, by private-app token or HubSpot sign-in. */
export default function HubspotPage() {
  const { t } = useTranslation();
  const query = useIntegration("hubspot");
  const list = useIntegrations();
  const connect = useConnectHubspot();
  const sync = useSyncNow("hubspot");
  const [token, setToken] = useState("");
  const [params] = useSearchParams();
  const fieldError =
    connect.error instanceof ApiError
      ? translateMessage(connect.error.extra.fields?.accessToken ?? connect.error.message)
      : undefined;
  const status = query.data;
  return (
    <>
      <BackToIntegrations />
      <PageHeader
        title={INTEGRATION_INFO.hubspot.name}
        description={t("Keep HubSpot contacts and Parley subscribers in step, both ways.")}
        actions={
          status?.connected ? (
            <>
              <Button variant="light" loading={sync.isPending} onClick={() => sync.mutate()}>
                {t("Sync now")}
              </Button>
              <DisconnectButton
                path="hubspot"
                name="HubSpot"
                effect={t(
                  "Parley stops syncing with HubSpot. Subscribers and contacts already synced stay where they are.",
                )}
              />
            </>
          ) : undefined
        }
      />
      <Stack gap="lg" maw={820}>
        {params.get("error") === "oauth" && (
          <Alert color="red">{t("HubSpot did not complete the connection. Try again.")}</Alert>
        )}
        <Paper withBorder radius="lg" p="md">
          {query.isError ? (
            <LoadFailed
              icon={<IconBuildingStore />}
              title={t("HubSpot could not be loaded")}
              query={query}
            />
          ) : status ? (
            <IntegrationStatusPanel status={status} />
          ) : (
            <Skeleton h={40} />
          )}
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            {status?.connected ? t("Connect again") : t("Connect HubSpot")}
          </Title>
          {list.data?.hubspotOAuth && (
            <Stack gap="xs" mb="md">
              <Text size="sm">
                {t("Sign in to HubSpot and allow Parley to read and update contacts.")}
              </Text>
              <Group>
                <Button component="a" href="/api/integrations/hubspot/oauth/start">
                  {t("Connect with HubSpot")}
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                {t("Or use a private app's access token:")}
              </Text>
            </Stack>
          )}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              connect.mutate(
                { accessToken: token },
                {
                  onSuccess: () => {
                    setToken("");
                    notify.success(t("HubSpot is connected. The first sync has started."));
                  },
                },
              );
            }}
          >
            <Stack gap="sm">
              <Text size="sm">
                <Trans
                  t={t}
                  i18nKey="In HubSpot, open Settings → Integrations → Private apps, create an app with the scopes <0>crm.objects.contacts.read</0> and <1>crm.objects.contacts.write</1>, and paste its access token here."
                  components={[<b key="read" />, <b key="write" />]}
                />
              </Text>
              <PasswordInput
                label={t("Private app access token")}
                value={token}
                onChange={(e) => setToken(e.currentTarget.value)}
                error={fieldError}
                autoComplete="off"
              />
              <Group>
                <Button
                  type="submit"
                  loading={connect.isPending}
                  disabled={token.trim().length === 0}
                >
                  {t("Connect")}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            {t("How the sync works")}
          </Title>
          <Stack gap={6}>
            <Text size="sm">
              {t(
                "New and changed subscribers go to HubSpot as contacts (phone, name, e-mail), matched by phone number.",
              )}
            </Text>
            <Text size="sm">
              {t(
                "Contacts changed in HubSpot update names and e-mail here; the side changed last wins. A contact new to Parley is added as a conversation contact: it gets no marketing texts until consent is recorded (keyword, form, or your attestation).",
              )}
            </Text>
            <Text size="sm">
              {t("Opt-outs are never undone by a sync: someone who texted STOP stays opted out.")}
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
