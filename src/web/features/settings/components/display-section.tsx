import { Button, Group, Select, SimpleGrid } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DISPLAY_QUANTITY_KEYS } from "../../../../domain/settings";
import { LoadFailed } from "../../../components/load-failed";
import { tk } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { DISPLAY_QUANTITY_PREFIX } from "../../../lib/storage";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "../../../lib/use-page-size";
import { useAccountSetting, useSaveAccountSetting } from "../api/account-settings";
import { SettingsCard, SettingsLoading } from "./settings-card";

type Key = (typeof DISPLAY_QUANTITY_KEYS)[number];

/** The lists behind the short keys of doc 1 §3. */
const LIST_NAMES: Record<Key, string> = {
  mc: tk("Subscribers"),
  mg: tk("Groups"),
  dn: tk("Dedicated numbers"),
  oor: tk("Opt-out report"),
  mt: tk("Message templates"),
  dc: tk("Drip campaigns"),
  wr: tk("Workflow reports"),
  lt: tk("Link tracking"),
  smt: tk("Scheduled messages"),
};

/** Display quantities: how many rows each list shows per page. */
export function DisplaySection() {
  const { t } = useTranslation();
  const setting = useAccountSetting("display_quantities");
  return (
    <SettingsCard
      title={t("Display")}
      description={t("Rows per page in each list, for everyone on the account.")}
    >
      {setting.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Display settings could not be loaded")}
          query={setting}
        />
      ) : !setting.data ? (
        <SettingsLoading />
      ) : (
        <DisplayForm key={JSON.stringify(setting.data)} initial={setting.data} />
      )}
    </SettingsCard>
  );
}

function DisplayForm({ initial }: { initial: Partial<Record<Key, number>> }) {
  const { t } = useTranslation();
  const save = useSaveAccountSetting("display_quantities");
  const [v, setV] = useState(initial);
  const sizeOptions = PAGE_SIZES.map((n) => ({ value: String(n), label: t("{{n}} rows", { n }) }));
  const onSave = () =>
    save.mutate(v, {
      onSuccess: () => {
        // This session's own page-size choices would hide the saved ones: drop them.
        for (const key of DISPLAY_QUANTITY_KEYS)
          sessionStorage.removeItem(DISPLAY_QUANTITY_PREFIX + key);
        notify.success(t("Display settings saved"));
      },
    });
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {DISPLAY_QUANTITY_KEYS.map((key) => (
          <Select
            key={key}
            label={t(LIST_NAMES[key])}
            allowDeselect={false}
            data={sizeOptions}
            value={String(v[key] ?? DEFAULT_PAGE_SIZE)}
            onChange={(value) => setV({ ...v, [key]: Number(value) })}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button loading={save.isPending} onClick={onSave}>
          {t("Save Display")}
        </Button>
      </Group>
    </>
  );
}
