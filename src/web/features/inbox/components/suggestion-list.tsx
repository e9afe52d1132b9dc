import { Paper, Text, UnstyledButton } from "@mantine/core";
import { type KeyboardEvent, useEffect, useState } from "react";
import classes from "./inbox.module.css";

export interface Suggestion {
  key: string;
  label: string;
  description?: string;
}

/**
 * The keyboard of a suggestion list shown over a text box: arrows move, Enter or Tab picks,
 * Escape closes. Returns whether it handled the key (the box then does nothing with it).
 */
export function useSuggestionKeys(items: Suggestion[], onPick: (s: Suggestion) => void) {
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const count = items.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts at its first item
  useEffect(() => {
    setActive(0);
    setDismissed(false);
  }, [items.map((i) => i.key).join(",")]);
  const open = count > 0 && !dismissed;
  const onKey = (e: KeyboardEvent) => {
    if (!open) return false;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      setActive((a) => (a + (e.key === "ArrowDown" ? 1 : count - 1)) % count);
    } else if (e.key === "Enter" || e.key === "Tab") {
      const item = items[Math.min(active, count - 1)];
      if (item) onPick(item);
    } else if (e.key === "Escape") {
      setDismissed(true);
    } else {
      return false;
    }
    e.preventDefault();
    e.stopPropagation();
    return true;
  };
  return { open, active, setActive, onKey };
}

/** The list itself, above the box it belongs to. */
export function SuggestionList(props: {
  label: string;
  items: Suggestion[];
  active: number;
  onPick: (s: Suggestion) => void;
  onHover: (i: number) => void;
  testId: string;
}) {
  return (
    <Paper
      shadow="md"
      withBorder
      radius="md"
      className={classes.suggestions}
      role="listbox"
      aria-label={props.label}
      data-testid={props.testId}
    >
      {props.items.map((s, i) => (
        <UnstyledButton
          key={s.key}
          role="option"
          aria-selected={i === props.active}
          className={classes.suggestion}
          data-active={i === props.active || undefined}
          // Keep the focus in the text box: a click must not blur it before the pick.
          onMouseDown={(e) => e.preventDefault()}
          onMouseEnter={() => props.onHover(i)}
          onClick={() => props.onPick(s)}
        >
          <Text size="sm" fw={500} truncate>
            {s.label}
          </Text>
          {s.description && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {s.description}
            </Text>
          )}
        </UnstyledButton>
      ))}
    </Paper>
  );
}
