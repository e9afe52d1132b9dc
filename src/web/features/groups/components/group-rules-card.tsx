import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Group as GroupRow } from "../../../../domain/groups.schemas";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useRuleFields } from "../api/rule-fields";
import { useUpdateGroup } from "../api/update-group";
import { completeRules, type DraftRules, toDraft } from "../lib/rules";
import { RuleBuilder } from "./rule-builder";
import { RulesPreview } from "./rules-preview";

/** An adaptive group's rules: edited with a live count, saved with one button. */
export function GroupRulesCard({ group }: { group: GroupRow }) {
  const { t } = useTranslation();
  const fields = useRuleFields();
  const update = useUpdateGroup({ toast: false });
  const savedKey = JSON.stringify(group.rules);
  const [draft, setDraft] = useState<DraftRules>(() => toDraft(group.rules));
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved rules change
  useEffect(() => {
    setDraft(toDraft(group.rules));
    setShowAllErrors(false);
    setError(null);
  }, [savedKey]);

  const fieldList = fields.data ?? [];
  const complete = useMemo(() => completeRules(draft, fieldList), [draft, fieldList]);
  const stripped = JSON.stringify({
    match: draft.match,
    conditions: draft.conditions.map(({ field, operator, value }) => ({ field, operator, value })),
  });
  const dirty = stripped !== savedKey;

  const save = async () => {
    if (!complete) {
      setShowAllErrors(true);
      return;
    }
    try {
      await update.mutateAsync({ id: group.id, input: { rules: complete } });
      notify.success(t("Rules saved"));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 400 || err.status === 404) setError(translateMessage(err.message));
      else if (!err.extra.silent) notify.error(err.message);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }} h="100%">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} fz="lg">
            {t("Rules")}
          </Title>
          <Text size="sm" c="dimmed">
            {t(
              "Members are the subscribers who match these rules, checked live: when a subscriber's details change, their membership follows.",
            )}
          </Text>
        </Stack>
        {fields.isPending ? (
          <Stack gap="xs">
            <Skeleton height={52} />
            <Skeleton height={52} />
          </Stack>
        ) : (
          <RuleBuilder
            value={draft}
            onChange={(d) => {
              setDraft(d);
              setError(null);
            }}
            fields={fieldList}
            showAllErrors={showAllErrors}
          />
        )}
        {error && (
          <Alert color="red" variant="light" p="xs">
            {error}
          </Alert>
        )}
        <RulesPreview rules={complete} />
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            disabled={!dirty}
            onClick={() => {
              setDraft(toDraft(group.rules));
              setShowAllErrors(false);
              setError(null);
            }}
          >
            {t("Discard")}
          </Button>
          <Button onClick={save} disabled={!dirty} loading={update.isPending}>
            {t("Save rules")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
