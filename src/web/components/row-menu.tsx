import { ActionIcon, Menu } from "@mantine/core";
import { IconDots, IconPlayerPause, IconPlayerPlay } from "@tabler/icons-react";
import type { ReactNode } from "react";
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
 * The "More for <name>" menu at the end of a list row (automations, campaigns, events): one
 * shape everywhere, so every list names its button after the row for screen readers alike.
 */
export function RowMenu({
  name,
  items,
  stopPropagation = false,
}: {
  name: string;
  items: RowMenuItem[];
  /** For rows that open something when clicked: the menu's clicks stay in the menu. */
  stopPropagation?: boolean;
}) {
  const stop = stopPropagation ? (e: React.MouseEvent) => e.stopPropagation() : undefined;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`More for ${name}`} onClick={stop}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={stop}>
        {items.map((item) =>
          item.to ? (
            <Menu.Item
              key={item.label}
              leftSection={item.icon}
              color={item.danger ? "red" : undefined}
              component={Link}
              to={item.to}
            >
              {item.label}
            </Menu.Item>
          ) : (
            <Menu.Item
              key={item.label}
              leftSection={item.icon}
              color={item.danger ? "red" : undefined}
              onClick={item.onClick}
            >
              {item.label}
            </Menu.Item>
          ),
        )}
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
  return running ? (
    <ActionIcon variant="subtle" onClick={() => onChange(false)} aria-label={`Pause ${name}`}>
      <IconPlayerPause size={16} />
    </ActionIcon>
  ) : (
    <ActionIcon variant="subtle" onClick={() => onChange(true)} aria-label={`${startVerb} ${name}`}>
      <IconPlayerPlay size={16} />
    </ActionIcon>
  );
}
