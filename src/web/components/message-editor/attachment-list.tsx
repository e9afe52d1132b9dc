import { ActionIcon, Badge, Group, Image, Paper, Text, Tooltip } from "@mantine/core";
import { IconFile, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

export interface EditorAttachment {
  /** Public URL the carrier fetches (what the send carries in `image`). */
  url: string;
  name: string;
  /** image: a picture preview; vcard: the contact card (shown as VCF); file: anything else. */
  kind: "image" | "vcard" | "file";
}

/** Our own media are shown from this origin (the stored URL names the public base). */
function previewUrl(url: string): string {
  try {
    const u = new URL(url, window.location.origin);
    if (u.pathname.startsWith("/media/")) return u.pathname;
    return url;
  } catch {
    return url;
  }
}

function extensionLabel(a: EditorAttachment): string {
  if (a.kind === "vcard") return "VCF";
  const m = /\.([a-z0-9]{1,5})(?:$|\?)/i.exec(a.name) ?? /\.([a-z0-9]{1,5})(?:$|\?)/i.exec(a.url);
  return (m?.[1] ?? "file").toUpperCase();
}

/** Previews of what goes with the message, each removable. */
export function AttachmentList(props: {
  attachments: EditorAttachment[];
  onRemove?: (a: EditorAttachment) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  if (props.attachments.length === 0) return null;
  return (
    <Group gap="xs" p="xs" data-testid="attachments">
      {props.attachments.map((a) => (
        <Paper key={a.url} withBorder radius="sm" p={4} pos="relative" w={92}>
          {a.kind === "image" ? (
            <Image src={previewUrl(a.url)} alt={a.name} h={64} w="100%" fit="cover" radius="xs" />
          ) : (
            <Group h={64} justify="center" align="center" gap={4}>
              <IconFile size={20} />
              <Badge size="sm" variant="light">
                {extensionLabel(a)}
              </Badge>
            </Group>
          )}
          <Tooltip label={a.name}>
            <Text size="xs" truncate mt={2}>
              {a.name}
            </Text>
          </Tooltip>
          {props.onRemove && (
            <ActionIcon
              size="xs"
              radius="xl"
              color="dark"
              variant="filled"
              pos="absolute"
              top={-6}
              right={-6}
              aria-label={t("Remove {{name}}", { name: a.name })}
              disabled={props.disabled}
              onClick={() => props.onRemove?.(a)}
            >
              <IconX size={12} />
            </ActionIcon>
          )}
        </Paper>
      ))}
    </Group>
  );
}
