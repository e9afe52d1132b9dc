import {
  ActionIcon,
  Button,
  Flex,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import type { RuleOperator } from "../../../../domain/groups.schemas";
import {
  attributeOf,
  conditionProblem,
  type DraftCondition,
  type DraftRules,
  fieldChoices,
  fieldLabel,
  kindOf,
  newCondition,
  operatorsOf,
  withField,
  withOperator,
} from "../lib/rules";
import { RuleValueInput } from "./rule-value-input";

const MAX_RULES = 20;

/**
 * The rules of an adaptive group: all or any of up to 20 conditions over subscriber details and
 * attributes. A rule's problem shows once its value was touched, or everywhere after a save
 * attempt (`showAllErrors`).
 */
export function RuleBuilder(props: {
  value: DraftRules;
  onChange: (next: DraftRules) => void;
  fields: CustomField[];
  showAllErrors: boolean;
}) {
  const { t } = useTranslation();
  const { value, onChange, fields, showAllErrors } = props;
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const touch = (key: string) =>
    setTouched((seen) => (seen.has(key) ? seen : new Set(seen).add(key)));
  const choices = fieldChoices(fields);

  const replace = (key: string, next: DraftCondition) =>
    onChange({ ...value, conditions: value.conditions.map((c) => (c.key === key ? next : c)) });
  const remove = (key: string) =>
    onChange({ ...value, conditions: value.conditions.filter((c) => c.key !== key) });
  const add = () => onChange({ ...value, conditions: [...value.conditions, newCondition()] });

  return (
    <Stack gap="sm" data-testid="rule-builder">
      <Group gap="xs">
        <Text size="sm">{t("Subscribers who match")}</Text>
        <SegmentedControl
          size="xs"
          aria-label={t("Match all or any rule")}
          data={[
            { value: "all", label: t("All") },
            { value: "any", label: t("Any") },
          ]}
          value={value.match}
          onChange={(m) => onChange({ ...value, match: m as "all" | "any" })}
        />
        <Text size="sm">{t("of these rules")}</Text>
      </Group>
      {value.conditions.map((c, i) => {
        const kind = kindOf(c.field, fields);
        const problem = conditionProblem(c, fields);
        const shown = showAllErrors || touched.has(c.key) ? problem : null;
        const n = i + 1;
        // A rule on a deleted attribute still shows, so the person can see and replace it.
        const fieldData =
          kind === null
            ? [
                ...choices,
                { group: t("Missing"), items: [{ value: c.field, label: t("Deleted attribute") }] },
              ]
            : choices;
        return (
          <Paper key={c.key} withBorder radius="md" p="xs" data-testid="rule-row">
            <Flex gap="xs" direction={{ base: "column", sm: "row" }} align={{ sm: "flex-start" }}>
              <Select
                aria-label={t("Rule {{n}} field", { n })}
                data={fieldData}
                value={c.field}
                onChange={(f) => f && replace(c.key, withField(c, f, fields))}
                allowDeselect={false}
                searchable
                nothingFoundMessage={t("No options")}
                w={{ sm: 170 }}
                error={kind === null && (showAllErrors || touched.has(c.key)) ? " " : undefined}
              />
              {kind && (
                <Select
                  aria-label={t("Rule {{n}} operator", { n })}
                  data={operatorsOf(kind)}
                  value={c.operator}
                  onChange={(op) =>
                    op && replace(c.key, withOperator(c, op as RuleOperator, fields))
                  }
                  allowDeselect={false}
                  w={{ sm: 156 }}
                />
              )}
              <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
                {kind ? (
                  <RuleValueInput
                    condition={c}
                    kind={kind}
                    attribute={attributeOf(c.field, fields)}
                    error={shown}
                    label={t("Rule {{n}} value", { n })}
                    onChange={(v) => {
                      touch(c.key);
                      replace(c.key, { ...c, value: v });
                    }}
                  />
                ) : (
                  <Text size="sm" c="red" style={{ flex: 1 }} pt={6}>
                    {problem}
                  </Text>
                )}
                {kind && (c.operator === "is_empty" || c.operator === "is_not_empty") && (
                  <div style={{ flex: 1 }} />
                )}
                <Tooltip label={t("Remove rule")} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={36}
                    onClick={() => remove(c.key)}
                    disabled={value.conditions.length === 1}
                    aria-label={t("Remove rule {{n}} ({{field}})", {
                      n,
                      field: fieldLabel(c.field, fields),
                    })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Flex>
          </Paper>
        );
      })}
      <Group justify="space-between">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          disabled={value.conditions.length >= MAX_RULES}
        >
          {t("Add rule")}
        </Button>
        <Text size="xs" c="dimmed">
          {t("{{n}} of {{max}} rules", { n: value.conditions.length, max: MAX_RULES })}
        </Text>
      </Group>
    </Stack>
  );
}
