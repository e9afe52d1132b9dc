import {
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { INTEGRATION_INFO } from "../../../../domain/integrations";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useConnectCustomerIo, useIntegration, useSyncNow } from "../api/integrations";
import { BackToIntegrations } from "../components/back-link";
import { CopyField } from "../components/copy-field";
import { DisconnectButton } from "../components/disconnect-button";
import { IntegrationStatusPanel } from "../components/integration-status";

/** /addons/integrations/customer-io: attributes out to Track, texts in from a webhook action. */
export default function CustomerIoPage() {
  const { t } = useTranslation();
  const query = useIntegration("customer-io");
  const connect = useConnectCustomerIo();
  const sync = useSyncNow("customer-io");
  const [siteId, setSiteId] = useState("");
  const [apiKey, setApiKey] = useState("");
  const status = query.data;
  const fields = connect.error instanceof ApiError ? connect.error.extra.fields : undefined;
  const origin = window.location.origin;
  const body = JSON.stringify({
    customerId: "{{customer.id}}",
    text: t("Your order has shipped!"),
  });
  return (
    <>
      <BackToIntegrations />
      <PageHeader
        title={INTEGRATION_INFO.customerio.name}
        description={t(
          "Send texts from Customer.io campaigns and keep subscriber attributes in Customer.io.",
        )}
        actions={
          status?.connected ? (
            <>
              <Button variant="light" loading={sync.isPending} onClick={() => sync.mutate()}>
                {t("Sync now")}
              </Button>
              <DisconnectButton
                path="customer-io"
                name="Customer.io"
                effect={t(
                  "Attribute sync stops and the action token stops working: Customer.io campaigns can no longer send texts through Parley.",
                )}
              />
            </>
          ) : undefined
        }
      />
      <Stack gap="lg" maw={820}>
        <Paper withBorder radius="lg" p="md">
          {query.isError ? (
            <LoadFailed
              icon={<IconMail />}
              title={t("Customer.io could not be loaded")}
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
            {status?.connected ? t("Connect again") : t("Connect Customer.io")}
          </Title>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              connect.mutate(
                { siteId, apiKey },
                {
                  onSuccess: () => {
                    setApiKey("");
                    notify.success(t("Customer.io is connected."));
                  },
                },
              );
            }}
          >
            <Stack gap="sm">
              <Text size="sm">
                {t(
                  "In Customer.io, open Workspace Settings → API and webhook credentials, and copy the Site ID and a Tracking API key.",
                )}
              </Text>
              <TextInput
                label={t("Site ID")}
                value={siteId}
                onChange={(e) => setSiteId(e.currentTarget.value)}
                error={fields?.siteId && translateMessage(fields.siteId)}
                autoComplete="off"
              />
              <PasswordInput
                label={t("Tracking API key")}
                value={apiKey}
                onChange={(e) => setApiKey(e.currentTarget.value)}
                error={
                  fields?.apiKey
                    ? translateMessage(fields.apiKey)
                    : fields || !connect.error
                      ? undefined
                      : translateMessage(connect.error.message)
                }
                autoComplete="off"
              />
              <Group>
                <Button
                  type="submit"
                  loading={connect.isPending}
                  disabled={!siteId.trim() || !apiKey.trim()}
                >
                  {t("Connect")}
                </Button>
              </Group>
            </Stack>
          </form>
          {connect.data?.actionToken && (
            <Stack gap={6} mt="md">
              <Text size="sm" fw={600}>
                {t("Action token (shown once, copy it now)")}
              </Text>
              <CopyField
                label={t("action token")}
                value={connect.data.actionToken}
                testId="cio-token"
              />
            </Stack>
          )}
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            {t("Send a text from a campaign")}
          </Title>
          <Text size="sm" mb="xs">
            <Trans
              t={t}
              i18nKey='Add a "Send webhook" action: POST to this address with the header <0>{{header}}</0> and a JSON body.'
              values={{ header: "Authorization: Bearer <action token>" }}
              components={[<Code key="header" />]}
            />
          </Text>
          <CopyField
            label={t("action address")}
            value={`${origin}/integrations/customer-io/send`}
          />
          <Code block mt="xs" tabIndex={0}>
            {body}
          </Code>
          <Text size="sm" mt="xs" c="dimmed">
            {t(
              "Only subscribers with recorded consent get the text; opt-outs, quiet hours and credits apply as for every text.",
            )}
          </Text>
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            {t("Attributes sent to Customer.io")}
          </Title>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="Each subscriber is a Customer.io person with the id <0>{{id}}</0> and the attributes phone, first_name, last_name, email, created_at, sms_marketing_consent, sms_opted_out and your custom fields, updated when they change."
              values={{ id: "parley-<id>" }}
              components={[<Code key="id" />]}
            />
          </Text>
        </Paper>
      </Stack>
    </>
  );
}
