import { Anchor, Center, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { TEXT } from "../../../../domain/texts";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { translateMessage } from "../../../i18n";

/** The application error page of spec doc 1 §2 / doc 3 §2. A full load clears a broken state. */
export function ErrorPage() {
  const { t } = useTranslation();
  usePageMeta(t("Error"));
  return (
    <Center mih="80dvh" p="md">
      <Stack align="center" gap="sm" ta="center" maw={480}>
        <IconAlertTriangle size={48} stroke={1.4} color="var(--mantine-color-red-6)" />
        <Title order={2}>{translateMessage(TEXT.errorPage)}</Title>
        <Text c="dimmed">
          <Anchor href={paths.login}>{t("Retry login")}</Anchor>
        </Text>
      </Stack>
    </Center>
  );
}

export default ErrorPage;
