import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SEARCH_DEBOUNCE_MS } from "../../../components/list/list-search";
import { useGroupOptions } from "../api/list-groups";
import { BubbleMultiSelect } from "./bubble-multi-select";

/**
 * Static groups a subscriber belongs to, searched on the server 25 at a time. `known` names the
 * groups already chosen, so they show even when the search does not list them.
 */
export function GroupMultiSelect(props: {
  value: string[];
  known: Record<string, string>;
  onChange: (ids: string[], names: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const options = useGroupOptions({ query, includeAdaptive: false, includeNoGroup: false });
  const names: Record<string, string> = { ...props.known };
  for (const g of options.data?.rows ?? []) names[String(g.id)] = g.name;
  const listed = new Set((options.data?.rows ?? []).map((g) => String(g.id)));
  const data = [
    ...props.value.filter((id) => !listed.has(id)),
    ...(options.data?.rows ?? []).map((g) => String(g.id)),
  ].map((id) => ({ value: id, label: names[id] ?? t("Group {{id}}", { id }) }));

  return (
    <BubbleMultiSelect
      label={t("Groups")}
      placeholder={props.value.length ? undefined : t("Choose groups")}
      description={t("Adaptive groups are not listed: their members follow the group's rules.")}
      data={data}
      value={props.value}
      onChange={(ids) => props.onChange(ids, names)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      nothingFoundMessage={options.isFetching ? t("Loading…") : t("No groups found")}
      clearable
      comboboxProps={{ withinPortal: true }}
      data-testid="subscriber-groups"
    />
  );
}
