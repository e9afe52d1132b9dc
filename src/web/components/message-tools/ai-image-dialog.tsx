import { Button, Center, Group, Image, Loader, Modal, Paper, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconPhoto } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AI_TEXTS } from "../../../domain/ai";
import { MOBILE_QUERY } from "../../lib/media";
import { AiEngineNotice } from "./ai-engine-notice";
import { AiPromptForm } from "./ai-prompt-form";
import { generateImage } from "./api";

/** Generate Image: a prompt, a preview, Accept attaches it (the composer switches to MMS). */
export function AiImageDialog(props: {
  opened: boolean;
  onClose: () => void;
  onAccept: (a: { url: string; name: string }) => void;
}) {
  const { t } = useTranslation();
  const { opened, onClose } = props;
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [prompt, setPrompt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [lastPrompt, setLastPrompt] = useState<string | null>(null);
  const generate = useMutation({ mutationFn: generateImage });

  useEffect(() => {
    if (!opened) return;
    setPrompt("");
    setError(null);
    setLastPrompt(null);
    generate.reset();
  }, [opened, generate.reset]);

  const submit = () => {
    if (!prompt.trim()) {
      setError(t(AI_TEXTS.invalidPrompt));
      return;
    }
    setLastPrompt(prompt);
    generate.mutate(prompt);
  };
  const preview = generate.data;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("Generate Image")}
      size="lg"
      fullScreen={mobile}
    >
      <AiEngineNotice opened={opened} />
      <AiPromptForm
        label={t("Describe the image")}
        placeholder={t("e.g. Fresh croissants on a sunny café table")}
        maxRows={5}
        prompt={prompt}
        onPromptChange={(value) => {
          setPrompt(value);
          setError(null);
        }}
        error={error}
        onSubmit={submit}
        submitDisabled={!prompt || generate.isPending || prompt === lastPrompt}
        loading={generate.isPending}
      />
      <Paper withBorder radius="md" mt="md" p="xs">
        <Center mih={260}>
          {generate.isPending ? (
            <Loader />
          ) : preview ? (
            <Image
              src={samePath(preview.url)}
              alt={lastPrompt ?? t("Generated image")}
              mah={360}
              fit="contain"
              radius="sm"
            />
          ) : (
            <Stack align="center" gap="xs" c="dimmed">
              <IconPhoto size={32} />
              <Text c="dimmed" size="sm">
                {t("Your generated image will appear here")}
              </Text>
            </Stack>
          )}
        </Center>
      </Paper>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button
          disabled={generate.isPending || !preview}
          onClick={() => {
            if (!preview) return;
            props.onAccept({ url: preview.url, name: preview.filename });
            onClose();
          }}
        >
          {t("Accept")}
        </Button>
      </Group>
    </Modal>
  );
}

/** The stored image from this very server, by path: the page may be reached at another host name
 * than PUBLIC_URL (the public address the carrier uses), and the CSP allows this origin only. */
function samePath(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname.startsWith("/media/") ? u.pathname : url;
  } catch {
    return url;
  }
}
