import { Alert, Button, Group, Loader, Modal, Paper, Radio, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconSparkles } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AI_TEXTS, PROPOSAL_MAX } from "../../../domain/ai";
import { MOBILE_QUERY } from "../../lib/media";
import { AiEngineNotice } from "./ai-engine-notice";
import { AiPromptForm } from "./ai-prompt-form";
import { proposeMessages } from "./api";

/** Suggest a Message: a prompt, proposals to choose from, then Accept or Regenerate. */
export function AiSuggestDialog(props: {
  opened: boolean;
  onClose: () => void;
  onAccept: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { opened, onClose } = props;
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [prompt, setPrompt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const propose = useMutation({ mutationFn: proposeMessages });

  useEffect(() => {
    if (!opened) return;
    setPrompt("");
    setError(null);
    setSelected(null);
    propose.reset();
  }, [opened, propose.reset]);

  const run = () => {
    if (!prompt.trim()) {
      setError(t(AI_TEXTS.invalidPrompt));
      return;
    }
    setSelected(null);
    propose.mutate(prompt);
  };
  const proposals = propose.data?.proposals ?? [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("Suggest a Message")}
      size="lg"
      fullScreen={mobile}
    >
      <AiEngineNotice opened={opened} />
      <AiPromptForm
        label={t("What should the message say?")}
        placeholder={t("e.g. 20% off all pastries this weekend")}
        maxRows={6}
        prompt={prompt}
        onPromptChange={(value) => {
          setPrompt(value);
          setError(null);
        }}
        error={error}
        onSubmit={run}
        submitDisabled={!prompt}
        loading={propose.isPending}
      />
      <Paper withBorder radius="md" p="md" mt="md" mih={140}>
        {propose.isPending ? (
          <Group justify="center" py="lg">
            <Loader />
          </Group>
        ) : proposals.length === 0 ? (
          <Stack align="center" gap="xs" py="lg" c="dimmed">
            <IconSparkles size={28} />
            <Text c="dimmed">{t(AI_TEXTS.emptySuggestions)}</Text>
          </Stack>
        ) : (
          <Radio.Group value={selected} onChange={setSelected} aria-label={t("Suggestions")}>
            <Stack gap="sm">
              {proposals.map((p) => (
                <Radio.Card key={p.message} value={p.message} p="sm" radius="md">
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                      {p.message}
                    </Text>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Paper>
      {selected && (
        <Alert mt="md" color="yellow" icon={<IconAlertTriangle size={16} />}>
          {t(AI_TEXTS.replaceWarning)}
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button
          variant="default"
          onClick={run}
          disabled={proposals.length === 0 || propose.isPending}
        >
          {t("Regenerate")}
        </Button>
        <Button
          disabled={!selected}
          onClick={() => {
            if (!selected) return;
            props.onAccept(selected.slice(0, PROPOSAL_MAX));
            onClose();
          }}
        >
          {t("Accept")}
        </Button>
      </Group>
    </Modal>
  );
}
