import { Button, Group, Select, SimpleGrid } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { DISPLAY_QUANTITY_KEYS } from "../../../../domain/settings";
import { LoadFailed } from "../../../components/load-failed";
import { notify } from "../../../lib/notify";
import { DISPLAY_QUANTITY_PREFIX } from "../../../lib/storage";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "../../../lib/use-page-size";
import { useAccountSetting, useSaveAccountSetting } from "../api/account-settings";
import { SettingsCard, SettingsLoading } from "./settings-card";

type Key = (typeof DISPLAY_QUANTITY_KEYS)[number];

/** The lists behind the short keys of doc 1 §3. */
const LIST_NAMES: Record<Key, string> = {
  mc: "Subscribers",
  mg: "Groups",
  dn: "Dedicated numbers",
  oor: "Opt-out report",
  mt: "Message templates",
  dc: "Drip campaigns",
  wr: "Workflow reports",
  lt: "Link tracking",
  smt: "Scheduled messages",
};
const sizeOptions = PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} rows` }));

/** Display quantities: how many rows each list shows per page. */
export function DisplaySection() {
  const setting = useAccountSetting("display_quantities");
  return (
    <SettingsCard
      title="Display"
      description="Rows per page in each list, for everyone on the account."
    >
      {setting.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title="Display settings could not be loaded"
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
  const save = useSaveAccountSetting("display_quantities");
  const [v, setV] = useState(initial);
  const onSave = () =>
    save.mutate(v, {
      onSuccess: () => {
        // This session's own page-size choices would hide the saved ones: drop them.
        for (const key of DISPLAY_QUANTITY_KEYS)
          sessionStorage.removeItem(DISPLAY_QUANTITY_PREFIX + key);
        notify.success("Display settings saved");
      },
    });
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {DISPLAY_QUANTITY_KEYS.map((key) => (
          <Select
            key={key}
            label={LIST_NAMES[key]}
            allowDeselect={false}
            data={sizeOptions}
            value={String(v[key] ?? DEFAULT_PAGE_SIZE)}
            onChange={(value) => setV({ ...v, [key]: Number(value) })}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button loading={save.isPending} onClick={onSave}>
          Save Display
        </Button>
      </Group>
    </>
  );
}
