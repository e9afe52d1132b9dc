import { notifications } from "@mantine/notifications";
import { translateMessage } from "../i18n";
import { isMobileWidth } from "./media";

type Kind = "success" | "error" | "info";
const COLOR: Record<Kind, string> = { success: "teal", error: "red", info: "brand" };

/**
 * Toasts: top-right, close on click, 5 s (0.5 s on small screens), as spec doc 1 §8 says. A
 * server's message shows in the user's language when a catalog knows it; callers pass their own
 * texts through t() already.
 */
function show(kind: Kind, message: string, title?: string) {
  const id = notifications.show({
    title: title === undefined ? undefined : translateMessage(title),
    message: translateMessage(message),
    color: COLOR[kind],
    autoClose: isMobileWidth() ? 500 : 5000,
    withCloseButton: true,
    onClick: () => notifications.hide(id),
    style: { cursor: "pointer" },
    "data-kind": kind,
  } as Parameters<typeof notifications.show>[0]);
  return id;
}

export const notify = {
  success: (message: string, title?: string) => show("success", message, title),
  error: (message: string, title?: string) => show("error", message, title),
  info: (message: string, title?: string) => show("info", message, title),
};
