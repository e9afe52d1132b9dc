import { Button, Group, Modal, Text } from "@mantine/core";
import { IconAddressBook, IconLink, IconSparkles, IconTemplate } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { CONTENT_RULE_TEXT, linksAllowedFrom } from "../../../../domain/content-rules";
import type { InboxNumber } from "../../../../domain/inbox.schemas";
import { LINK_TEXTS, linkTokenIds } from "../../../../domain/links";
import { COMPOSE_TEXT, isImageName } from "../../../../domain/message-compose.schemas";
import type { EditorAttachment } from "../../../components/message-editor/message-editor";
import { AiSuggestDialog } from "../../../components/message-tools/ai-suggest-dialog";
import { useContentStatus } from "../../../components/message-tools/api";
import { LinkModal } from "../../../components/message-tools/link-modal";
import { TemplatePicker } from "../../../components/message-tools/template-picker";
import { ToolButton } from "../../../components/message-tools/tool-button";
import { useContactCard } from "../../../components/message-tools/use-contact-card";
import { useCurrentAccount } from "../../../lib/current-account";

type Tool = "link" | "template" | "suggest" | "noCard" | null;

/**
 * The composer's tools in the reply box (spec doc 2): a tracked link, a template, a suggested
 * message and the contact card, with the composer's reasons when one cannot be used.
 */
export function ReplyTools(props: {
  text: string;
  number: InboxNumber | undefined;
  attachments: EditorAttachment[];
  disabled: boolean;
  onText: (text: string) => void;
  /** The contact's values put into a template's variables. */
  fillTemplate: (template: string) => string;
  onAttachments: (a: EditorAttachment[]) => void;
}) {
  const { t } = useTranslation();
  const [tool, setTool] = useState<Tool>(null);
  const navigate = useNavigate();
  const me = useCurrentAccount();
  const status = useContentStatus();
  const card = useContactCard();
  const isMms = props.attachments.length > 0;
  const cardAttached = props.attachments.some((a) => a.kind === "vcard");
  const templatesOnly = status.data?.templatesOnly === true;
  const linkDisabledReason = me?.isTestAccount
    ? t("Links are not available on test accounts")
    : props.number && !linksAllowedFrom(props.number, status.data?.tenDlcRegistered ?? true)
      ? t(CONTENT_RULE_TEXT.linksNeedRegistration)
      : linkTokenIds(props.text).length > 0
        ? LINK_TEXTS.onePerMessage
        : null;
  const append = (piece: string) =>
    props.onText(props.text.trim() ? `${props.text.replace(/\s+$/, "")} ${piece}` : piece);

  const attachCard = () => {
    if (card.isLoading) return;
    if (!card.downloadUrl) {
      setTool("noCard");
      return;
    }
    props.onAttachments([{ url: card.downloadUrl, name: "Contact Card", kind: "vcard" }]);
  };

  return (
    <>
      <ToolButton
        label={t("Attach contact card")}
        tooltip={
          isMms && !cardAttached
            ? t("Remove the attachment to add your contact card")
            : t("Attach your contact card")
        }
        icon={<IconAddressBook size={18} />}
        onClick={attachCard}
        disabled={props.disabled || (isMms && !cardAttached)}
      />
      <ToolButton
        label={t("Insert a link")}
        tooltip={linkDisabledReason ?? t("Insert a link")}
        icon={<IconLink size={18} />}
        onClick={() => setTool("link")}
        disabled={props.disabled || linkDisabledReason !== null}
      />
      <ToolButton
        label={t("Insert a template")}
        icon={<IconTemplate size={18} />}
        onClick={() => setTool("template")}
        disabled={props.disabled}
      />
      <ToolButton
        label={t("Suggest a message")}
        tooltip={
          templatesOnly ? t(CONTENT_RULE_TEXT.templatesOnlyComposer) : t("Suggest a message")
        }
        icon={<IconSparkles size={18} />}
        onClick={() => setTool("suggest")}
        disabled={props.disabled || templatesOnly}
      />
      <LinkModal
        opened={tool === "link"}
        onClose={() => setTool(null)}
        mode="sendmessage"
        isMms={isMms}
        onInsert={(token) => {
          setTool(null);
          append(token);
        }}
      />
      <TemplatePicker
        opened={tool === "template"}
        onClose={() => setTool(null)}
        isMms={isMms}
        onPick={(tpl) => {
          props.onText(props.fillTemplate(tpl.message));
          if (tpl.attachment) {
            const name = decodeURIComponent(tpl.attachment.split("/").pop()?.split("?")[0] ?? "");
            props.onAttachments([
              { url: tpl.attachment, name, kind: isImageName(name) ? "image" : "file" },
            ]);
          }
        }}
      />
      <Modal
        opened={tool === "noCard"}
        onClose={() => setTool(null)}
        title={t(COMPOSE_TEXT.contactCardMissing)}
      >
        <Text size="sm">
          {t(
            t(
              "Create your contact card (organization name, photo, description and website) and subscribers can save your business to their phones in one tap.",
            ),
          )}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setTool(null)}>
            {t("Close")}
          </Button>
          <Button onClick={() => navigate("/optins/contact-card")}>
            {t("Create Contact Card")}
          </Button>
        </Group>
      </Modal>
      <AiSuggestDialog
        opened={tool === "suggest"}
        onClose={() => setTool(null)}
        onAccept={(text) => {
          props.onText(text);
          setTool(null);
        }}
      />
    </>
  );
}
