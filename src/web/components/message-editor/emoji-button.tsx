import { ActionIcon, Loader, Popover, Tooltip, useComputedColorScheme } from "@mantine/core";
import { IconMoodSmile } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

// The picker and its emoji data are a chunk of their own, loaded when first opened.
const Picker = lazy(() => import("./emoji-picker").then((m) => ({ default: m.EmojiPickerPanel })));

/** The emoji picker (native emoji, data bundled: nothing is fetched from a CDN). */
export function EmojiButton(props: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const scheme = useComputedColorScheme("light");
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      shadow="md"
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <Tooltip label={t("Insert an emoji")}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t("Insert an emoji")}
            disabled={props.disabled}
            onClick={() => setOpened((o) => !o)}
          >
            <IconMoodSmile size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Suspense fallback={<Loader m="xl" size="sm" />}>
          <Picker
            dark={scheme === "dark"}
            onPick={(emoji) => {
              props.onPick(emoji);
              setOpened(false);
            }}
          />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
