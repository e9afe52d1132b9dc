import { ActionIcon, Loader, Menu, Tooltip } from "@mantine/core";
import { IconBraces } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { listCustomFieldsResponse } from "../../../domain/custom-fields.schemas";
import { COMPOSE_TEXT } from "../../../domain/message-compose.schemas";
import { api } from "../../lib/api-client";
import { notify } from "../../lib/notify";

const STANDARD_VARIABLES = ["first name", "last name", "phone number"] as const;

/** Every custom field of the account (silent fetch: spec doc 2 §8; the menu toasts on failure). */
function useVariableFields(enabled: boolean) {
  return useQuery({
    queryKey: ["custom-fields", "variables"],
    queryFn: () =>
      api.get("/api/custom-fields?page=0&pageSize=500&query=", {
        schema: listCustomFieldsResponse,
      }),
    enabled,
  });
}

/** The variables menu: [first name], [last name], [phone number] and each custom field. */
export function VariablesMenu(props: { onInsert: (variable: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const fields = useVariableFields(!props.disabled);
  useEffect(() => {
    if (fields.isError) notify.error(COMPOSE_TEXT.variablesFailed);
  }, [fields.isError]);
  return (
    <Menu position="bottom-start" shadow="md" withinPortal>
      <Menu.Target>
        <Tooltip label={t("Insert a variable")}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t("Insert a variable")}
            disabled={props.disabled}
          >
            <IconBraces size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: "auto" }}>
        <Menu.Label>{t("Subscriber")}</Menu.Label>
        {STANDARD_VARIABLES.map((v) => (
          <Menu.Item key={v} onClick={() => props.onInsert(`[${v}]`)}>
            [{v}]
          </Menu.Item>
        ))}
        {fields.isPending && (
          <Menu.Item disabled leftSection={<Loader size={12} />}>
            {t("Loading custom fields…")}
          </Menu.Item>
        )}
        {(fields.data?.rows.length ?? 0) > 0 && <Menu.Label>{t("Custom fields")}</Menu.Label>}
        {fields.data?.rows.map((f) => (
          <Menu.Item key={f.id} onClick={() => props.onInsert(`[${f.name}]`)}>
            [{f.name}]
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
