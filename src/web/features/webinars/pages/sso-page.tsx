import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconVideo } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { WEBINAR_PROVIDER_NAMES, WEBINAR_PROVIDERS } from "../../../../domain/webinars";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { useWebinars } from "../api/webinars";

/**
 * /sso: the webinar services this server is connected to (their welcome pages are /zoom and
 * /goto), and where their registrants come in.
 */
export default function SsoPage() {
  const { t } = useTranslation();
  const list = useWebinars();
  if (list.isPending) return <TableSkeleton rows={2} />;
  if (list.isError)
    return (
      <LoadFailed
        icon={<IconVideo size={28} />}
        title={t("Connections could not be loaded")}
        query={list}
      />
    );
  return (
    <>
      <PageHeader
        title={t("Single Sign-On")}
        description={t("Webinar services Parley imports registrants from.")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={900}>
        {WEBINAR_PROVIDERS.map((p) => {
          const on = list.data.providers[p];
          const name = WEBINAR_PROVIDER_NAMES[p];
          const count = list.data.rows.filter((e) => e.source === p).length;
          return (
            <Paper key={p} withBorder radius="lg" p="md">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Group gap="xs">
                    <IconVideo size={20} />
                    <Title order={3} fz="md">
                      {name}
                    </Title>
                  </Group>
                  <Badge color={on ? "teal" : "gray"} variant="light">
                    {on ? t("Connected") : t("Not connected")}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {on
                    ? t("{{count}} events imported from {{name}}.", { count, name })
                    : t(
                        "Connect your {{name}} account on the import page to import by webinar ID; a CSV export from {{name}} works meanwhile.",
                        { name },
                      )}
                </Text>
                <Group gap="xs">
                  <Button size="xs" component={Link} to={`/webinars/import?provider=${p}`}>
                    {t("Import from {{name}}", { name })}
                  </Button>
                  <Button size="xs" variant="default" component={Link} to={`/${p}`}>
                    {t("Welcome page")}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </>
  );
}
