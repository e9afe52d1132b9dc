import { CloseButton, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** Search as you type, sent 250 ms after the last key (spec doc 2 §9). */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A list's search box: what is typed goes to the address (through `onSearch`) once the typing
 * pauses; a search changed from elsewhere (Back, a cleared filter) shows here.
 */
export function ListSearch(props: {
  value: string;
  onSearch: (q: string) => void;
  /** The accessible name ("Search groups"). */
  label: string;
  placeholder?: string;
  maxLength?: number;
  w?: React.ComponentProps<typeof TextInput>["w"];
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.value);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(props.value);
  const { onSearch } = props;

  // The address changed from elsewhere (Clear, Back): show it.
  useEffect(() => {
    if (props.value !== lastSent.current) {
      lastSent.current = props.value;
      setText(props.value);
    }
  }, [props.value]);

  useEffect(() => {
    if (debounced.trim() !== lastSent.current) {
      lastSent.current = debounced.trim();
      onSearch(debounced);
    }
  }, [debounced, onSearch]);

  return (
    <TextInput
      aria-label={props.label}
      placeholder={props.placeholder ?? props.label}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t("Clear search")}
            onClick={() => {
              setText("");
              lastSent.current = "";
              onSearch("");
            }}
          />
        ) : null
      }
      w={props.w ?? { base: "100%", sm: 320 }}
      maxLength={props.maxLength}
    />
  );
}
