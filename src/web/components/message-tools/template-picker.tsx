import {
  Badge,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconLink, IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  TEMPLATE_PICKER_PAGE_SIZE,
  TEMPLATE_TEXTS,
  type Template,
} from "../../../domain/templates";
import { MOBILE_QUERY } from "../../lib/media";
import { type TemplateKind, useContentStatus, useTemplates } from "./api";

export interface PickedTemplate {
  id: number;
  name: string;
  message: string;
  isMMS: boolean;
  attachment: string | null;
  requiresLink: boolean;
}

/**
 * The composer's template picker: 8 per page with search. Unverified toll-free accounts pick from
 * the pre-approved local list; parent and child accounts also see their controlled templates.
 */
export function TemplatePicker(props: {
  opened: boolean;
  onClose: () => void;
  isMms: boolean;
  onPick: (t: PickedTemplate) => void;
}) {
  const { t } = useTranslation();
  const { opened, onClose } = props;
  const mobile = useMediaQuery(MOBILE_QUERY);
  const status = useContentStatus();
  const unverified = status.data?.unverifiedTollFree === true;
  const hasControlled = !unverified && (status.data?.controlledTemplates ?? "none") !== "none";
  const [source, setSource] = useState<"plain" | "controlled">("plain");
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query, 250);

  useEffect(() => {
    if (!opened) return;
    setQuery("");
    setPage(1);
    setSource("plain");
  }, [opened]);

  const kind: TemplateKind = unverified ? "unverified" : source;
  const list = useTemplates(
    kind,
    { page: page - 1, pageSize: TEMPLATE_PICKER_PAGE_SIZE, query: debounced },
    opened && status.isSuccess,
  );
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  const pick = (tpl: Template) => {
    props.onPick({
      id: tpl.id,
      name: tpl.name,
      message: tpl.message,
      isMMS: tpl.isMMS,
      attachment: tpl.attachment,
      requiresLink: tpl.requiresLink,
    });
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("Templates")} size="lg" fullScreen={mobile}>
      <Stack gap="sm">
        {hasControlled && (
          <SegmentedControl
            value={source}
            onChange={(v) => {
              setSource(v as "plain" | "controlled");
              setPage(1);
            }}
            data={[
              { value: "plain", label: t("Templates") },
              { value: "controlled", label: t("Controlled Templates") },
            ]}
          />
        )}
        {unverified && (
          <Text size="sm" c="dimmed">
            {t(
              "Until your toll-free number is verified, messages are sent from these pre-approved templates.",
            )}
          </Text>
        )}
        <TextInput
          placeholder={t("Search templates")}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setPage(1);
          }}
          aria-label={t("Search templates")}
          data-autofocus
        />
        {list.isLoading || status.isLoading ? (
          <Group justify="center" py="lg">
            <Loader />
          </Group>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t(TEMPLATE_TEXTS.emptyPicker)}
          </Text>
        ) : (
          <Stack gap={6}>
            {rows.map((tpl) => (
              <UnstyledButton
                key={tpl.id}
                onClick={() => pick(tpl)}
                data-testid="template-pick-row"
              >
                <Paper withBorder p="sm" radius="md">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} size="sm" truncate>
                      {tpl.name}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      {tpl.requiresLink && (
                        <Badge size="xs" variant="light" leftSection={<IconLink size={10} />}>
                          {t("Link required")}
                        </Badge>
                      )}
                      <Badge size="xs" variant="outline" color={tpl.isMMS ? "grape" : "gray"}>
                        {tpl.isMMS ? "MMS" : "SMS"}
                      </Badge>
                    </Group>
                  </Group>
                  <Text size="xs" c="dimmed" lineClamp={2} mt={4}>
                    {tpl.message || t("(image only)")}
                  </Text>
                </Paper>
              </UnstyledButton>
            ))}
          </Stack>
        )}
        {total > TEMPLATE_PICKER_PAGE_SIZE && (
          <Pagination
            total={Math.ceil(total / TEMPLATE_PICKER_PAGE_SIZE)}
            value={page}
            onChange={setPage}
            size="sm"
          />
        )}
      </Stack>
    </Modal>
  );
}
