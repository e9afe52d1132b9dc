import { Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** One section of the Settings screen: a titled card. */
export function SettingsCard(props: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      id={props.id}
      component="section"
      aria-label={props.title}
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} fz="lg">
            {props.title}
          </Title>
          {props.description && (
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          )}
        </Stack>
        {props.children}
      </Stack>
    </Paper>
  );
}

export function SettingsLoading() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t("Loading")}>
      <Skeleton height={14} width="50%" />
      <Skeleton height={36} />
      <Skeleton height={36} />
    </Stack>
  );
}
