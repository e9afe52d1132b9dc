import { Badge, Group, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { MembershipGroup } from "../../../../domain/subscriber-history.schemas";

const SHOWN = 2;

/** A subscriber's groups in a table cell: the first two, then '+N' with the rest on hover. */
export function GroupsCell(props: { groups: MembershipGroup[] | undefined }) {
  const { t } = useTranslation();
  if (props.groups === undefined) return <Text c="dimmed">…</Text>;
  if (props.groups.length === 0) return <Text c="dimmed">—</Text>;
  const rest = props.groups.slice(SHOWN);
  return (
    <Group gap={4} wrap="nowrap">
      {props.groups.slice(0, SHOWN).map((g) => (
        <Badge
          key={g.id}
          // Blue, not the brand colour: it stays readable on a selected (brand-tinted) row.
          color="blue"
          variant={g.type === "adaptive" ? "outline" : "light"}
          radius="sm"
          tt="none"
          maw={140}
          title={g.type === "adaptive" ? t("{{name}} (adaptive group)", { name: g.name }) : g.name}
        >
          {g.name}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.map((g) => g.name).join(", ")}>
          <Badge variant="default" radius="sm" tt="none">
            +{rest.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
