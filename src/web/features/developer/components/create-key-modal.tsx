import {
  Button,
  Code,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  API_AREAS,
  type ApiArea,
  type ApiScope,
  alsoGranted,
  hasWriteScope,
} from "../../../../domain/api-keys";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useCreateApiKey } from "../api/api-keys";
import { SecretOnce } from "./secret-once";

type Level = "none" | "read" | "write";

/** An access level's name: by context, since "Read" and "None" alone are other words elsewhere. */
function levelName(level: Level, t: TFunction): string {
  if (level === "read") return t("Read", { context: "access" });
  if (level === "write") return t("Write", { context: "access" });
  return t("None", { context: "access" });
}

/** "Groups and members: Read" (as alsoGranted names it) in the active language. */
function grantText(grant: string, t: TFunction): string {
  const [, label, level] = /^(.*): (Read|Write)$/.exec(grant) ?? [];
  if (!label) return translateMessage(grant);
  return `${translateMessage(label)}: ${levelName(level === "Read" ? "read" : "write", t)}`;
}

/** What else an area's Read and Write give, so a key's reach is known before it is made. */
function alsoGives(area: ApiArea, t: TFunction): string[] {
  const read = alsoGranted(area, "read");
  const write = hasWriteScope(area) ? alsoGranted(area, "write") : [];
  const list = (grants: string[]) => grants.map((g) => grantText(g, t)).join(", ");
  const lines = read.length > 0 ? [t("Read also gives {{areas}}.", { areas: list(read) })] : [];
  if (write.length > 0 && write.join() !== read.join())
    lines.push(t("Write also gives {{areas}}.", { areas: list(write) }));
  return lines;
}

/** New API key: a name and, per area, no access, read or write; then the key, once. */
export function CreateKeyModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [levels, setLevels] = useState<Record<string, Level>>({});
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);

  const close = () => {
    setName("");
    setLevels({});
    setError(null);
    setCreated(null);
    create.reset();
    props.onClose();
  };
  const scopes = API_AREAS.flatMap((a) => {
    const l = levels[a.area] ?? "none";
    return l === "none" ? [] : [`${a.area}:${l}` as ApiScope];
  });
  const submit = () => {
    if (!name.trim()) return setError(t("Enter a name for the key"));
    if (scopes.length === 0) return setError(t("Choose at least one scope"));
    setError(null);
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: (k) => {
          setCreated({ key: k.key, name: k.name });
          notify.success(t("API key '{{name}}' created", { name: k.name }));
        },
        onError: (e) =>
          setError(
            e instanceof ApiError ? translateMessage(e.message) : t("The key was not created"),
          ),
      },
    );
  };
  const origin = typeof window === "undefined" ? "" : window.location.origin;

  return (
    <Modal opened={props.opened} onClose={close} title={t("New API key")} size="lg">
      {created ? (
        <Stack>
          <SecretOnce label={t("Your API key")} value={created.key} testId="new-api-key" />
          <Text size="sm">{t("Try it:")}</Text>
          <Code block style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
            {`curl ${origin}/api/v1/subscribers \\\n  -H "Authorization: Bearer ${created.key}"`}
          </Code>
          <Group justify="flex-end">
            <Button onClick={close}>{t("Done")}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <TextInput
              label={t("Name")}
              description={t("Where the key is used, e.g. 'Zapier' or 'Website sign-ups'")}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={80}
              data-autofocus
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t("Scopes")}
              </Text>
              <Table.ScrollContainer minWidth={320}>
                <Table verticalSpacing={6}>
                  <Table.Tbody>
                    {API_AREAS.map((a) => (
                      <Table.Tr key={a.area}>
                        <Table.Td>
                          <Text size="sm">{translateMessage(a.label)}</Text>
                          {alsoGives(a.area, t).map((line) => (
                            <Text key={line} size="xs" c="dimmed" data-testid="scope-also">
                              {line}
                            </Text>
                          ))}
                        </Table.Td>
                        <Table.Td ta="right">
                          <SegmentedControl
                            size="xs"
                            aria-label={t("{{area}} access", { area: translateMessage(a.label) })}
                            value={levels[a.area] ?? "none"}
                            onChange={(v) => setLevels((l) => ({ ...l, [a.area]: v as Level }))}
                            data={[
                              { value: "none", label: levelName("none", t) },
                              { value: "read", label: levelName("read", t) },
                              // Reports and billing are read-only through the API.
                              ...(hasWriteScope(a.area)
                                ? [{ value: "write", label: levelName("write", t) }]
                                : []),
                            ]}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </div>
            {error && (
              <Text c="red" size="sm" role="alert">
                {error}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("Cancel")}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t("Create key")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
