import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type Locale, localeSchema } from "../../../../domain/locale";
import { useCurrentAccount } from "../../../lib/current-account";
import { useSaveLocale } from "../api/account-settings";
import { SettingsCard } from "./settings-card";

/** Each language named in itself, so whoever cannot read the current one still finds theirs. */
const LANGUAGES: { value: Locale; label: string }[] = [
  { value: "en", label: "English" },
  { value: "es", label: "Español" },
];

/** The signed-in user's own language: every user picks theirs, whatever their role. */
export function LanguageSection() {
  const { t } = useTranslation();
  const me = useCurrentAccount();
  const save = useSaveLocale();
  return (
    <SettingsCard
      title={t("Language")}
      description={t(
        "The language the app speaks to you. Everyone on the account picks their own.",
      )}
    >
      <Select
        label={t("Language")}
        data={LANGUAGES}
        value={me?.user.locale ?? "en"}
        allowDeselect={false}
        disabled={save.isPending}
        maw={320}
        data-testid="language-select"
        onChange={(value) => {
          const locale = localeSchema.safeParse(value);
          if (locale.success && locale.data !== me?.user.locale) save.mutate(locale.data);
        }}
      />
    </SettingsCard>
  );
}
