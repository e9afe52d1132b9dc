import { Button, Code, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useOAuthGrants, useRevokeGrant } from "../api/oauth-grants";

/** The MCP clients signed in with OAuth as this person, each with a way to sign it out. */
export function ConnectedAppsCard() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const grants = useOAuthGrants();
  const revoke = useRevokeGrant();
  const rows = grants.data?.rows ?? [];
  return (
    <Paper withBorder radius="lg" p="md" data-testid="connected-apps">
      <Title order={3} fz="lg" mb="xs">
        {t("Your connected applications")}
      </Title>
      {grants.isPending ? (
        <Skeleton h={40} />
      ) : grants.isError ? (
        <Text size="sm" c="red.8">
          {translateMessage(grants.error.message)}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("No application is signed in with your Parley account.")}
        </Text>
      ) : (
        <Stack gap="sm">
          {rows.map((g) => (
            <Group key={g.id} justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text size="sm" fw={600}>
                  {g.clientName}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("Since {{date}}", { date: formatDateTime(g.createdAt, timeZone) })} ·{" "}
                  {g.scopes.map((s) => (
                    <Code key={s} mr={4}>
                      {s}
                    </Code>
                  ))}
                </Text>
              </div>
              <Button
                size="xs"
                variant="outline"
                color="red.8"
                loading={revoke.isPending && revoke.variables === g.id}
                onClick={() => revoke.mutate(g.id)}
              >
                {t("Sign out")}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
