import { Fragment, type Node as PmNode, Slice } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { Extension } from "@tiptap/react";
import { messageLength } from "../../../domain/message-form.schemas";
import { normaliseText } from "../../../domain/text-normalise";
import { cutToLength } from "./editor-text";

/** The editor's text: one line a paragraph. */
export function docText(doc: PmNode): string {
  return doc.textBetween(0, doc.content.size, "\n", "\n");
}

/**
 * Normalises inserted text (spec doc 2 §5); the leading '¡' rule applies only at the very start
 * of the message, so text inserted later keeps its inverted exclamation marks.
 */
function normaliseAt(text: string, atStart: boolean): string {
  return atStart ? normaliseText(text) : normaliseText(`x${text}`).slice(1);
}

const PASTE_THROTTLE_MS = 1000;

interface LimitOptions {
  /** Read at each transaction: the limit changes with SMS/MMS. */
  getMax: () => number;
  /** Typing or pasting was stopped (or cut) at the limit. */
  onBlocked: () => void;
  onPasteFiles: (files: File[]) => void;
  onSubmit: () => void;
}

const limitKey = new PluginKey("parley-message-limit");

/**
 * The composer's rules on the document: no change that makes it longer than the limit, typed text
 * normalised, pastes as plain normalised text (at most one a second) cut to the room left, pasted
 * files handed to the attachment input, and Ctrl/Cmd+Enter to send.
 */
export function messageRules(opts: LimitOptions) {
  let lastPaste = 0;
  return Extension.create({
    name: "parleyMessageRules",
    addKeyboardShortcuts() {
      return {
        "Mod-Enter": () => {
          opts.onSubmit();
          return true;
        },
      };
    },
    addProseMirrorPlugins() {
      return [
        new Plugin({
          key: limitKey,
          filterTransaction(tr, state) {
            if (!tr.docChanged) return true;
            const next = messageLength(docText(tr.doc));
            if (next <= opts.getMax()) return true;
            // Deleting from an over-long text (after a switch to MMS) is always fine.
            if (next <= messageLength(docText(state.doc))) return true;
            opts.onBlocked();
            return false;
          },
          props: {
            handleTextInput(view: EditorView, from: number, to: number, text: string) {
              const plain = normaliseAt(text, from <= 1);
              if (plain === text) return false;
              view.dispatch(view.state.tr.insertText(plain, from, to));
              return true;
            },
            handlePaste(view: EditorView, event: ClipboardEvent) {
              const data = event.clipboardData;
              if (!data) return false;
              const files = [...data.files];
              if (files.length) {
                opts.onPasteFiles(files);
                return true;
              }
              const now = Date.now();
              if (now - lastPaste < PASTE_THROTTLE_MS) return true;
              lastPaste = now;
              const { from, to } = view.state.selection;
              let text = normaliseAt(data.getData("text/plain"), from <= 1);
              const current = messageLength(docText(view.state.doc));
              const selected = messageLength(view.state.doc.textBetween(from, to, "\n", "\n"));
              const room = Math.max(0, opts.getMax() - current + selected);
              if (messageLength(text) > room) {
                text = cutToLength(text, room);
                opts.onBlocked();
              }
              if (!text) return true;
              const { schema } = view.state;
              const paragraphs = text
                .split("\n")
                .map((line) =>
                  schema.nodes.paragraph!.create(null, line ? schema.text(line) : null),
                );
              const slice = new Slice(Fragment.from(paragraphs), 1, 1);
              view.dispatch(view.state.tr.replaceSelection(slice).scrollIntoView());
              return true;
            },
          },
        }),
      ];
    },
  });
}
