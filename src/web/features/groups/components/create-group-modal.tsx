import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from "@mantine/core";
import { IconBolt, IconUsersGroup } from "@tabler/icons-react";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { createGroupRequest } from "../../../../domain/groups.schemas";
import { tk, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useCreateGroup } from "../api/create-group";
import { useRuleFields } from "../api/rule-fields";
import { completeRules, type DraftRules, toDraft } from "../lib/rules";
import { RuleBuilder } from "./rule-builder";
import { RulesPreview } from "./rules-preview";

type GroupType = "static" | "adaptive";

const TYPES: Record<GroupType, { label: string; description: string; icon: ReactNode }> = {
  static: {
    label: tk("Static"),
    description: tk("You choose the members: add them by hand, by import or when they sign up."),
    icon: <IconUsersGroup size={16} />,
  },
  adaptive: {
    label: tk("Adaptive"),
    description: tk("Members are everyone who matches your rules, kept up to date automatically."),
    icon: <IconBolt size={16} />,
  },
};

/** A new group: its name and type, and for an adaptive group its rules with a live count. */
export function CreateGroupModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { opened, onClose } = props;
  const create = useCreateGroup();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [type, setType] = useState<GroupType>("static");
  // The attributes are needed only once the person builds rules.
  const fields = useRuleFields({ enabled: opened && type === "adaptive" });
  const [rules, setRules] = useState<DraftRules>(() => toDraft(null));
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [rulesError, setRulesError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setName("");
    setNameError(null);
    setType("static");
    setRules(toDraft(null));
    setShowAllErrors(false);
    setRulesError(null);
  }, [opened]);

  const fieldList = fields.data ?? [];
  const complete = type === "adaptive" ? completeRules(rules, fieldList) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { name, type, rules: type === "adaptive" ? (complete ?? undefined) : undefined };
    const parsed = createGroupRequest.safeParse(body);
    const nameIssue = parsed.error?.issues.find((i) => i.path[0] === "name");
    setNameError(nameIssue ? translateMessage(nameIssue.message) : null);
    if (type === "adaptive" && !complete) {
      setShowAllErrors(true);
      return;
    }
    if (!parsed.success) return;
    try {
      const saved = await create.mutateAsync(body);
      notify.success(t("Group '{{name}}' created", { name: saved.name }));
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === "CONFLICT") setNameError(translateMessage(err.message));
      else if (type === "adaptive" && err.status === 400)
        setRulesError(translateMessage(err.message));
      else if (!err.extra.silent) notify.error(err.message);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("New group")}
      size={type === "adaptive" ? 820 : "lg"}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("Group name")}
            placeholder={t("e.g. Morning Regulars")}
            withAsterisk
            data-autofocus
            maxLength={120}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
          />
          <Radio.Group
            label={t("Type")}
            withAsterisk
            value={type}
            onChange={(v) => setType(v as GroupType)}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={6}>
              {(Object.keys(TYPES) as GroupType[]).map((kind) => (
                <Radio.Card
                  key={kind}
                  value={kind}
                  radius="md"
                  p="sm"
                  aria-label={t(TYPES[kind].label)}
                  style={{ display: "flex", alignItems: "flex-start" }}
                >
                  <Group wrap="nowrap" gap="sm" align="flex-start">
                    <Radio.Indicator />
                    <ThemeIcon variant="light" size={28}>
                      {TYPES[kind].icon}
                    </ThemeIcon>
                    <Stack gap={0}>
                      <Text size="sm" fw={600}>
                        {t(TYPES[kind].label)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(TYPES[kind].description)}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
          {type === "adaptive" && (
            <Stack gap="sm">
              <RuleBuilder
                value={rules}
                onChange={(r) => {
                  setRules(r);
                  setRulesError(null);
                }}
                fields={fieldList}
                showAllErrors={showAllErrors}
              />
              {rulesError && (
                <Alert color="red" variant="light" p="xs">
                  {rulesError}
                </Alert>
              )}
              <RulesPreview rules={complete} />
            </Stack>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("Create group")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
