import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NO_GROUP_ID, NO_GROUP_NAME } from "../../../../domain/groups.schemas";
import { SEARCH_DEBOUNCE_MS } from "../../../components/list/list-search";
import { translateMessage } from "../../../i18n";
import { useGroup, useGroupOptions } from "../api/list-groups";

/**
 * One group, searched on the server 25 at a time. The filter offers adaptive groups and, for
 * users who are not restricted, 'No Group' (id -1, the server decides); bulk actions offer
 * static groups only, since adaptive members follow rules.
 */
export function GroupSelect(props: {
  label: string;
  value: string | null;
  onChange: (id: string | null, name: string | null) => void;
  staticOnly?: boolean;
  withNoGroup?: boolean;
  error?: string;
  placeholder?: string;
  required?: boolean;
  "data-testid"?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Once a group is picked the box shows its name: that text is not a search.
  const shownLabel = useRef("");
  const query = debounced === shownLabel.current ? "" : debounced;
  const chosenId = props.value ? Number(props.value) : null;
  const options = useGroupOptions({
    query,
    includeAdaptive: !props.staticOnly,
    includeNoGroup: Boolean(props.withNoGroup),
  });
  const rows = options.data?.rows ?? [];
  const chosenListed = rows.some((g) => g.id === chosenId);
  // A chosen group that is not among the results still shows its name.
  const chosen = useGroup(chosenId !== null && !chosenListed ? chosenId : null);

  const data = rows.map((g) => ({
    value: String(g.id),
    label: g.type === "adaptive" ? t("{{name}} (adaptive)", { name: g.name }) : g.name,
  }));
  if (chosenId !== null && !chosenListed) {
    const name = chosenId === NO_GROUP_ID ? translateMessage(NO_GROUP_NAME) : chosen.data?.name;
    if (name) data.unshift({ value: String(chosenId), label: name });
  }
  shownLabel.current = data.find((d) => d.value === props.value)?.label ?? "";

  return (
    <Select
      label={props.label}
      placeholder={props.placeholder ?? t("Any group")}
      data={data}
      value={props.value}
      onChange={(v, option) => props.onChange(v, v ? (option?.label ?? null) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched; show what it found.
      filter={({ options: o }) => o}
      clearable
      nothingFoundMessage={options.isFetching ? t("Loading…") : t("No groups found")}
      error={props.error}
      required={props.required}
      data-testid={props["data-testid"]}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
