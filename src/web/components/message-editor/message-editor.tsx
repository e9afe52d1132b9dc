import "@mantine/tiptap/styles.css";
import { Group, Text } from "@mantine/core";
import { RichTextEditor } from "@mantine/tiptap";
import Placeholder from "@tiptap/extension-placeholder";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, type Ref, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { maxMessageLength, messageLength } from "../../../domain/message-form.schemas";
import type { SendSettings } from "../../../domain/send-settings";
import { AttachmentList, type EditorAttachment } from "./attachment-list";
import { docText, messageRules } from "./editor-extensions";
import { counterState, cutToLength, textToDoc } from "./editor-text";
import { EmojiButton } from "./emoji-button";
import classes from "./message-editor.module.css";
import { VariablesMenu } from "./variables-menu";

export type { EditorAttachment } from "./attachment-list";

/** What a parent can do to the editor: insert at the cursor (a link token, a variable), focus. */
export interface MessageEditorHandle {
  insert: (text: string) => void;
  focus: () => void;
}

export interface MessageEditorProps {
  handleRef?: Ref<MessageEditorHandle>;
  value: string;
  onChange: (text: string) => void;
  isMms: boolean;
  /** Characters sent around the message that the counter adds (when the exact text is unknown). */
  offset?: number;
  /** The exact text sent before and after the message (header; signature and footer). */
  framing?: { before: string; after: string; sendSettings?: SendSettings | null };
  disabled?: boolean;
  /** Shown but not editable (an unverified toll-free number); paste is off too. */
  readOnly?: boolean;
  /** Ctrl+Enter (Cmd+Enter on a Mac). */
  onSubmit?: () => void;
  attachments?: EditorAttachment[];
  onAttachmentsChange?: (next: EditorAttachment[]) => void;
  /** Files pasted into the editor (they go to the attachment input). */
  onPasteFiles?: (files: File[]) => void;
  toolbar?: {
    emoji?: boolean;
    variables?: boolean;
    /** More tools after the built-in ones (links, templates, AI, attachments…). */
    extra?: ReactNode;
    /** Tools on the right (test send, signature…). */
    right?: ReactNode;
  };
  /** A form error to show under the editor. */
  error?: string | null;
  /** Accessible name of the text box. */
  label?: string;
  minHeight?: number;
}

/**
 * The message editor of the composer and the inbox (spec doc 2 §1, §5): plain text in a Tiptap
 * editor, the 2000/1550 limits with their notices, plain-text paste, normalisation, emoji and
 * variables, attachments, and the credit counter under it.
 */
export function MessageEditor(props: MessageEditorProps) {
  const { t } = useTranslation();
  const max = maxMessageLength(props.isMms);
  const [blocked, setBlocked] = useState(false);
  const live = useRef({ max, props });
  live.current = { max, props };
  const lastEmitted = useRef(props.value);

  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        bold: false,
        italic: false,
        strike: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        heading: false,
        horizontalRule: false,
        bulletList: false,
        orderedList: false,
        listItem: false,
        listKeymap: false,
        link: false,
        underline: false,
        hardBreak: false,
        trailingNode: false,
      }),
      Placeholder.configure({ placeholder: t("Type in a message...") }),
      messageRules({
        getMax: () => live.current.max,
        onBlocked: () => setBlocked(true),
        onPasteFiles: (files) => live.current.props.onPasteFiles?.(files),
        onSubmit: () => live.current.props.onSubmit?.(),
      }),
    ],
    content: textToDoc(cutToLength(props.value, max)),
    editable: !(props.disabled || props.readOnly),
    editorProps: {
      attributes: {
        "aria-label": props.label ?? t("Message"),
        "aria-multiline": "true",
        role: "textbox",
        "data-testid": "message-editor",
      },
      handleDOMEvents: {
        // Read-only: nothing may come in by paste or drop either.
        paste: () => Boolean(live.current.props.readOnly),
        drop: () => Boolean(live.current.props.readOnly),
      },
    },
    onUpdate: ({ editor: e }) => {
      const text = docText(e.state.doc);
      lastEmitted.current = text;
      if (messageLength(text) < live.current.max) setBlocked(false);
      live.current.props.onChange(text);
    },
  });

  // Outside changes (a template, a reset, an AI text) replace the content.
  useEffect(() => {
    if (!editor || props.value === lastEmitted.current) return;
    if (props.value === docText(editor.state.doc)) return;
    const text = cutToLength(props.value, max);
    lastEmitted.current = text;
    editor.commands.setContent(textToDoc(text), { emitUpdate: false });
    if (text !== props.value) props.onChange(text);
  }, [editor, props.value, max, props.onChange]);

  // A switch to MMS cuts the text to the MMS limit (spec doc 2 §5).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the limit changes.
  useEffect(() => {
    if (messageLength(props.value) > max) {
      const cut = cutToLength(props.value, max);
      props.onChange(cut);
    }
    setBlocked(false);
  }, [max]);

  useEffect(() => {
    editor?.setEditable(!(props.disabled || props.readOnly));
  }, [editor, props.disabled, props.readOnly]);

  const counter = counterState(props.value, {
    isMms: props.isMms,
    before: props.framing?.before,
    after: props.framing?.after,
    sendSettings: props.framing?.sendSettings,
    offset: props.offset,
  });
  const notice = blocked
    ? t("Messages cannot be longer than {{max}} characters.", { max })
    : counter.atLimit
      ? t("Messages can only be {{max}} characters long.", { max })
      : null;
  const insert = (text: string) => editor?.chain().focus().insertContent(text).run();
  useImperativeHandle(
    props.handleRef,
    () => ({
      insert: (text: string) => void editor?.chain().focus().insertContent(text).run(),
      focus: () => void editor?.commands.focus(),
    }),
    [editor],
  );
  const inactive = props.disabled || props.readOnly;
  const tools = props.toolbar ?? {};

  return (
    <div>
      <RichTextEditor
        editor={editor}
        className={classes.editor}
        data-error={props.error ? true : undefined}
        data-disabled={props.disabled ? true : undefined}
      >
        <RichTextEditor.Content mih={props.minHeight ?? 140} />
        <AttachmentList
          attachments={props.attachments ?? []}
          disabled={props.disabled}
          onRemove={
            props.onAttachmentsChange
              ? (a) => props.onAttachmentsChange?.((props.attachments ?? []).filter((x) => x !== a))
              : undefined
          }
        />
        <Group className={classes.toolbar} justify="space-between" gap={4} wrap="wrap">
          <Group gap={2} wrap="wrap">
            {tools.emoji !== false && <EmojiButton onPick={insert} disabled={inactive} />}
            {tools.variables !== false && <VariablesMenu onInsert={insert} disabled={inactive} />}
            {tools.extra}
          </Group>
          {tools.right && (
            <Group gap={2} wrap="wrap">
              {tools.right}
            </Group>
          )}
        </Group>
      </RichTextEditor>
      <Group justify="space-between" align="flex-start" gap="xs" mt={4} wrap="nowrap">
        <div>
          {props.error && (
            <Text size="xs" c="red" role="alert" data-testid="message-error">
              {props.error}
            </Text>
          )}
          {notice && (
            <Text
              size="xs"
              c={blocked ? "red" : "orange"}
              role="status"
              data-testid="length-notice"
            >
              {notice}
            </Text>
          )}
        </div>
        <Text
          size="xs"
          c="dimmed"
          ta="right"
          style={{ flexShrink: 0 }}
          data-testid="message-counter"
          data-remaining={counter.remaining}
          data-credits={counter.credits}
          aria-live="polite"
        >
          {t("{{count}} characters left", { count: counter.remaining })} ·{" "}
          {t("{{count}} credits", { count: counter.credits })}
        </Text>
      </Group>
    </div>
  );
}
