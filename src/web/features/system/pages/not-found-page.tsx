import { Anchor, Center, Stack, Text, Title } from "@mantine/core";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";

/** Text of spec doc 1 §2, letter for letter, with "return to Dashboard" as the link. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageMeta(t("Page Not Found"));
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="xs" maw={520} ta="center">
        <Title order={1} fz={64} c="brand.6" lh={1}>
          404
        </Title>
        <Text size="lg" data-testid="not-found">
          <Trans
            t={t}
            i18nKey="Oops, looks like this page does not exist, <0>return to Dashboard</0>"
            components={[<Anchor key="dashboard" component={Link} to={paths.dashboard} />]}
          />
        </Text>
      </Stack>
    </Center>
  );
}
