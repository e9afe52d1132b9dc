import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPlus, IconTrash, IconX } from "@tabler/icons-react";
import {
  type ChatbotNode,
  MAX_CHOICES,
  NODE_KINDS,
  NODE_LABELS,
  type NodeKind,
  SAVE_TO_LABELS,
} from "../../../../domain/chatbots";

export type Option = { value: string; label: string };

/** "End the chat" is the empty value of every "Then" picker. */
export const END = "";

/** A node of another kind, keeping what the person typed where it still fits. */
export function convertNode(
  n: ChatbotNode,
  type: NodeKind,
  fallbackNext: string | null,
): ChatbotNode {
  const text = "text" in n ? n.text : "";
  const next = "next" in n ? n.next : fallbackNext;
  switch (type) {
    case "question":
      return { id: n.id, type, text, choices: [{ label: "", next }], noMatch: "" };
    case "collect":
      return { id: n.id, type, text, saveTo: "field", fieldId: null, next };
    case "message":
      return { id: n.id, type, text, next };
    case "handoff":
      return { id: n.id, type, text, userId: null };
    case "end":
      return { id: n.id, type, text };
  }
}

const TEXT_LABEL: Record<NodeKind, string> = {
  question: "Question",
  collect: "Question",
  message: "Message",
  handoff: "Reply before handing off (optional)",
  end: "Goodbye message (optional)",
};

/** One step of the tree, edited in place: its kind, its words and where each answer leads. */
export function StepCard(props: {
  node: ChatbotNode;
  index: number;
  isStart: boolean;
  targets: Option[];
  fields: Option[];
  users: Option[];
  onChange: (n: ChatbotNode) => void;
  onRemove: (() => void) | null;
}) {
  const { node: n, index } = props;
  const name = `step ${index + 1}`;
  const thenSelect = (value: string | null, set: (v: string | null) => void, label = "Then") => (
    <Select
      label={label}
      data={[{ value: END, label: "End the chat" }, ...props.targets]}
      value={value ?? END}
      onChange={(v) => set(v === null || v === END ? null : v)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <Paper withBorder radius="md" p="sm" data-testid={`step-${index + 1}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={700} size="sm">
              Step {index + 1}
            </Text>
            {props.isStart && (
              <Badge size="sm" variant="light">
                First
              </Badge>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <Select
              aria-label={`Kind of ${name}`}
              data={NODE_KINDS.map((k) => ({ value: k, label: NODE_LABELS[k] }))}
              value={n.type}
              onChange={(v) =>
                v && v !== n.type && props.onChange(convertNode(n, v as NodeKind, null))
              }
              allowDeselect={false}
              w={{ base: 170, sm: 220 }}
              size="xs"
              comboboxProps={{ withinPortal: true }}
            />
            {props.onRemove && (
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={props.onRemove}
                aria-label={`Remove ${name}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        </Group>
        <Textarea
          label={TEXT_LABEL[n.type]}
          aria-label={`${TEXT_LABEL[n.type]} of ${name}`}
          autosize
          minRows={2}
          maxLength={640}
          value={n.text}
          onChange={(e) => props.onChange({ ...n, text: e.currentTarget.value })}
        />
        {n.type === "question" && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Choices{" "}
              <Text span c="dimmed" size="xs">
                (people reply with the number or the words)
              </Text>
            </Text>
            {n.choices.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: choices are positional (their number is what people text)
              <Group key={i} gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  label={`Choice ${i + 1}`}
                  aria-label={`Choice ${i + 1} of ${name}`}
                  value={c.label}
                  maxLength={60}
                  style={{ flex: "1 1 160px" }}
                  onChange={(e) => {
                    const choices = n.choices.slice();
                    choices[i] = { ...c, label: e.currentTarget.value };
                    props.onChange({ ...n, choices });
                  }}
                />
                <div style={{ flex: "1 1 160px" }}>
                  {thenSelect(
                    c.next,
                    (next) => {
                      const choices = n.choices.slice();
                      choices[i] = { ...c, next };
                      props.onChange({ ...n, choices });
                    },
                    `Choice ${i + 1} leads to`,
                  )}
                </div>
                {n.choices.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    mb={4}
                    onClick={() =>
                      props.onChange({ ...n, choices: n.choices.filter((_, j) => j !== i) })
                    }
                    aria-label={`Remove choice ${i + 1} of ${name}`}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                )}
              </Group>
            ))}
            {n.choices.length < MAX_CHOICES && (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  props.onChange({ ...n, choices: [...n.choices, { label: "", next: null }] })
                }
                style={{ alignSelf: "flex-start" }}
              >
                Add choice
              </Button>
            )}
            <TextInput
              label="When the answer matches no choice"
              description="Said before the choices are asked again."
              placeholder="Sorry, I did not get that."
              value={n.noMatch}
              maxLength={640}
              onChange={(e) => props.onChange({ ...n, noMatch: e.currentTarget.value })}
            />
          </Stack>
        )}
        {n.type === "collect" && (
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Keep the answer in"
              placeholder="Choose where the answer is kept"
              data={[
                {
                  group: "Subscriber",
                  items: [
                    { value: "first_name", label: SAVE_TO_LABELS.first_name },
                    { value: "last_name", label: SAVE_TO_LABELS.last_name },
                  ],
                },
                {
                  group: "Custom fields",
                  items: props.fields.length
                    ? props.fields.map((f) => ({ value: `field:${f.value}`, label: f.label }))
                    : [{ value: "none", label: "No custom fields yet", disabled: true }],
                },
              ]}
              value={n.saveTo !== "field" ? n.saveTo : n.fieldId ? `field:${n.fieldId}` : null}
              onChange={(v) =>
                props.onChange(
                  v === "first_name" || v === "last_name"
                    ? { ...n, saveTo: v, fieldId: null }
                    : {
                        ...n,
                        saveTo: "field",
                        fieldId: v?.startsWith("field:") ? Number(v.slice(6)) : null,
                      },
                )
              }
              comboboxProps={{ withinPortal: true }}
            />
            {thenSelect(n.next, (next) => props.onChange({ ...n, next }))}
          </Group>
        )}
        {n.type === "message" && thenSelect(n.next, (next) => props.onChange({ ...n, next }))}
        {n.type === "handoff" && (
          <Select
            label="Hand the conversation to"
            description="They are assigned the conversation and get a notification."
            data={[{ value: "", label: "Nobody in particular (tell every user)" }, ...props.users]}
            value={n.userId ? String(n.userId) : ""}
            onChange={(v) => props.onChange({ ...n, userId: v ? Number(v) : null })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Stack>
    </Paper>
  );
}
