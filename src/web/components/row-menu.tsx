import { ActionIcon, Menu } from "@mantine/core";
import { IconDots, IconPlayerPause, IconPlayerPlay } from "@tabler/icons-react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** One entry of a row's "More" menu: a link (`to`) or an action (`onClick`). */
export interface RowMenuItem {
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  /** Deletes or otherwise loses data: shown in red. */
  danger?: boolean;
}

/**
 * The "Actions for <name>" menu at the end of a list row (automations, keywords, groups, keys,
 * webhooks…): one shape everywhere, so every list names its button after the row for screen
 * readers alike. Items may be left out with `false`; the first item that loses data gets a
 * divider above it, away from the harmless ones.
 */
export function RowMenu({
  name,
  items,
  stopPropagation = false,
}: {
  name: string;
  items: (RowMenuItem | false | null | undefined)[];
  /** For rows that open something when clicked: the menu's clicks stay in the menu. */
  stopPropagation?: boolean;
}) {
  const { t } = useTranslation();
  const stop = stopPropagation ? (e: React.MouseEvent) => e.stopPropagation() : undefined;
  const shown = items.filter((item): item is RowMenuItem => Boolean(item));
  const firstDanger = shown.findIndex((item) => item.danger);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t("Actions for {{name}}", { name })}
          onClick={stop}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={stop}>
        {shown.map((item, i) => (
          <Fragment key={item.label}>
            {i > 0 && i === firstDanger && <Menu.Divider />}
            {item.to ? (
              <Menu.Item
                leftSection={item.icon}
                color={item.danger ? "red" : undefined}
                component={Link}
                to={item.to}
              >
                {item.label}
              </Menu.Item>
            ) : (
              <Menu.Item
                leftSection={item.icon}
                color={item.danger ? "red" : undefined}
                onClick={item.onClick}
              >
                {item.label}
              </Menu.Item>
            )}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Pause (while running) or start (otherwise) an automation from its row. `startVerb` names the
 * start for what the row is: "Start", "Resume", "Publish".
 */
export function RunToggle({
  name,
  running,
  startVerb = "Start",
  onChange,
}: {
  name: string;
  running: boolean;
  startVerb?: string;
  onChange: (running: boolean) => void;
}) {
  const { t } = useTranslation();
  return running ? (
    <ActionIcon
      variant="subtle"
      onClick={() => onChange(false)}
      aria-label={t("Pause {{name}}", { name })}
    >
      <IconPlayerPause size={16} />
    </ActionIcon>
  ) : (
    <ActionIcon variant="subtle" onClick={() => onChange(true)} aria-label={`${startVerb} ${name}`}>
      <IconPlayerPlay size={16} />
    </ActionIcon>
  );
}
