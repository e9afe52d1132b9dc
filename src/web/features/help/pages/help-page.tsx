import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowLeft, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { ARTICLES, searchArticles } from "../lib/articles";
import { Markdown } from "../lib/markdown";

/** /help: searchable help articles shipped with the app; ?article=slug opens one. */
export default function HelpPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState("");
  const open = ARTICLES.find((a) => a.slug === params.get("article") && a.kind === "help");
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
          {t("All help articles")}
        </Button>
        <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} data-testid="help-article">
          <Markdown source={open.body} />
        </Paper>
      </Stack>
    );
  }
  const found = searchArticles(query);
  return (
    <Stack gap="md">
      <PageHeader
        title={t("Help")}
        description={t("Answers to common questions. Can't find yours? Contact us or book a call.")}
        actions={
          <>
            <Button component={Link} to="/help/contact-us" variant="default">
              {t("Contact us")}
            </Button>
            <Button component={Link} to="/help/meet-with-an-engineer" variant="default">
              {t("Meet with an engineer")}
            </Button>
          </>
        }
      />
      <TextInput
        aria-label={t("Search help")}
        placeholder={t("Search help, e.g. opt-out or error 30006")}
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        maw={480}
      />
      {found.length === 0 ? (
        <Text c="dimmed" data-testid="help-no-results">
          <Trans
            t={t}
            i18nKey="No article matches “{{query}}”. Try other words, or <0>ask us</0>."
            values={{ query }}
            components={[<Anchor key="ask" component={Link} to="/help/contact-us" />]}
          />
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="help-results">
          {found.map((a) => (
            <Paper
              key={a.slug}
              withBorder
              radius="md"
              p="md"
              component="button"
              type="button"
              onClick={() => setParams({ article: a.slug })}
              style={{
                textAlign: "left",
                cursor: "pointer",
                background: "var(--mantine-color-body)",
              }}
            >
              <Text fw={600}>{a.title}</Text>
              <Text size="sm" c="dimmed">
                {a.summary}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Group gap="xs">
        <Anchor component={Link} to="/help/blog" size="sm">
          {t("Read the blog")}
        </Anchor>
      </Group>
    </Stack>
  );
}
