import { Button, Paper, Stack, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { intlLocale } from "../../../i18n";
import { ARTICLES } from "../lib/articles";
import { Markdown } from "../lib/markdown";

const dateLabel = (d: string) =>
  d
    ? new Intl.DateTimeFormat(intlLocale(), { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(`${d}T00:00:00Z`),
      )
    : "";

/** /help/blog: product news shipped with the app, newest first; ?post=slug opens one. */
export default function BlogPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const posts = ARTICLES.filter((a) => a.kind === "blog");
  const open = posts.find((a) => a.slug === params.get("post"));
  if (open) {
    return (
      <Stack gap="sm" maw={760}>
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => setParams({})}
          w="fit-content"
          px={0}
        >
          {t("All posts")}
        </Button>
        <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
          <Text size="sm" c="dimmed">
            {dateLabel(open.date)}
          </Text>
          <Markdown source={open.body} />
        </Paper>
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={760}>
      <PageHeader
        title={t("Blog")}
        description={t("What's new in Parley, and tips for better texting.")}
      />
      {posts.map((p) => (
        <Paper
          key={p.slug}
          withBorder
          radius="md"
          p="md"
          component="button"
          type="button"
          onClick={() => setParams({ post: p.slug })}
          style={{ textAlign: "left", cursor: "pointer", background: "var(--mantine-color-body)" }}
        >
          <Text size="xs" c="dimmed">
            {dateLabel(p.date)}
          </Text>
          <Text fw={600}>{p.title}</Text>
          <Text size="sm" c="dimmed">
            {p.summary}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
