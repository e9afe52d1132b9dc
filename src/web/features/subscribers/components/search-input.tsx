import { CloseButton, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";

/** Search as you type, sent 250 ms after the last key (spec doc 2 §9). */
export const SEARCH_DEBOUNCE_MS = 250;

export function SearchInput(props: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(props.value);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(props.value);

  // The URL changed from elsewhere (Clear, Back): show it.
  useEffect(() => {
    if (props.value !== lastSent.current) {
      lastSent.current = props.value;
      setText(props.value);
    }
  }, [props.value]);

  useEffect(() => {
    if (debounced.trim() !== lastSent.current) {
      lastSent.current = debounced.trim();
      props.onSearch(debounced);
    }
  }, [debounced, props.onSearch]);

  return (
    <TextInput
      aria-label="Search subscribers"
      placeholder="Search name, phone or e-mail"
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setText("");
              lastSent.current = "";
              props.onSearch("");
            }}
          />
        ) : null
      }
      w={{ base: "100%", sm: 320 }}
      maxLength={100}
    />
  );
}
