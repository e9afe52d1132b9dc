import { MultiSelect, SegmentedControl, Stack, Text } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { useQueries } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatUsNumber } from "../../../../domain/phone";
import { formatNumber } from "../../../i18n";
import { getSubscriber, useGroupOptions, useSubscriberOptions } from "../api/send-message-api";

type Who = "all" | "true" | "false";

function subscriberLabel(s: {
  id: number;
  number?: string;
  firstName?: string;
  lastName?: string;
}) {
  const name = `${s.firstName ?? ""} ${s.lastName ?? ""}`.trim();
  const phone = s.number ? formatUsNumber(s.number) : `#${s.id}`;
  return name ? `${name} · ${phone}` : phone;
}

/** Recipients (spec doc 2 §3): everyone, chosen subscribers, or groups. */
export function RecipientsField(props: {
  who: Who;
  onWhoChange: (who: Who) => void;
  sendAllHidden: boolean;
  subscriberIds: number[];
  onSubscriberIdsChange: (ids: number[]) => void;
  groupIds: number[];
  onGroupIdsChange: (ids: number[]) => void;
  subscribersError?: string;
  groupsError?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery("(max-width: 480px)");
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 250);
  const [labels, setLabels] = useState<Record<number, string>>({});
  const results = useSubscriberOptions(query);
  const groups = useGroupOptions();

  // Chosen subscribers whose names are not known yet (edit mode) are fetched once each.
  const unknown = props.subscriberIds.filter((id) => labels[id] === undefined);
  const fetched = useQueries({
    queries: unknown.slice(0, 50).map((id) => ({
      queryKey: ["subscribers", "label", id],
      queryFn: () => getSubscriber(id),
    })),
  });

  const subscriberData = useMemo(() => {
    const map = new Map<string, string>();
    for (const id of props.subscriberIds) {
      const known = labels[id] ?? fetched.find((f) => f.data?.id === id)?.data;
      map.set(
        String(id),
        typeof known === "string" ? known : known ? subscriberLabel(known) : `#${id}`,
      );
    }
    for (const s of results.data?.rows ?? []) map.set(String(s.id), subscriberLabel(s));
    return [...map].map(([value, label]) => ({ value, label }));
  }, [props.subscriberIds, labels, fetched, results.data]);

  const options = [
    ...(props.sendAllHidden ? [] : [{ value: "all", label: t("All Subscribers") }]),
    { value: "true", label: t("Subscribers") },
    { value: "false", label: t("Groups") },
  ];

  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500} mb={4} id="recipients-label">
          {t("Send to")}
        </Text>
        <SegmentedControl
          aria-labelledby="recipients-label"
          fullWidth={narrow}
          size={narrow ? "xs" : "sm"}
          data={options}
          value={props.who}
          onChange={(v) => props.onWhoChange(v as Who)}
          disabled={props.disabled}
        />
      </div>
      {props.who === "true" && (
        <MultiSelect
          label={t("Subscribers")}
          placeholder={t("Search by name, phone or e-mail")}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={subscriberData}
          value={props.subscriberIds.map(String)}
          onChange={(values) => {
            const next = values.map(Number);
            const added: Record<number, string> = {};
            for (const v of values) {
              const label = subscriberData.find((d) => d.value === v)?.label;
              if (label) added[Number(v)] = label;
            }
            setLabels((l) => ({ ...l, ...added }));
            props.onSubscriberIdsChange(next);
          }}
          filter={({ options: o }) => o}
          nothingFoundMessage={results.isFetching ? t("Searching…") : t("No subscribers found")}
          maxValues={10_000}
          error={props.subscribersError}
          disabled={props.disabled}
          hidePickedOptions
          clearable
        />
      )}
      {props.who === "false" && (
        <MultiSelect
          label={t("Groups")}
          placeholder={groups.isPending ? t("Loading groups…") : t("Choose groups")}
          searchable
          data={(groups.data?.rows ?? []).map((g) => ({
            value: String(g.id),
            label:
              g.memberCount === null || g.memberCount === undefined
                ? g.name
                : `${g.name} (${formatNumber(g.memberCount)})`,
          }))}
          value={props.groupIds.map(String)}
          onChange={(values) => props.onGroupIdsChange(values.map(Number))}
          nothingFoundMessage={t("No groups found")}
          error={props.groupsError}
          disabled={props.disabled}
          hidePickedOptions
          clearable
        />
      )}
    </Stack>
  );
}
