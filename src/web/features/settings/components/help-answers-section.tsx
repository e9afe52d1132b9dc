import { Button, Group, Stack, TextInput } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "../../../components/load-failed";
import { notify } from "../../../lib/notify";
import { useAccountSetting, useSaveAccountSetting } from "../api/account-settings";
import { SettingsCard, SettingsLoading } from "./settings-card";

/** What HELP and START answers name: the program and where a texter reaches the business. */
export function HelpAnswersSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const contact = useAccountSetting("support_contact");
  const program = useAccountSetting("program_description");
  const failed = contact.isError ? contact : program.isError ? program : null;
  return (
    <SettingsCard
      title={t("HELP answers")}
      description={t("A subscriber who texts HELP gets your program's name and how to reach you.")}
    >
      {failed ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("These settings could not be loaded")}
          query={failed}
        />
      ) : contact.data === undefined || program.data === undefined ? (
        <SettingsLoading />
      ) : (
        <HelpForm
          key={`${contact.data}|${program.data}`}
          contact={contact.data}
          program={program.data}
          canEdit={canEdit}
        />
      )}
    </SettingsCard>
  );
}

function HelpForm(props: { contact: string; program: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const saveContact = useSaveAccountSetting("support_contact");
  const saveProgram = useSaveAccountSetting("program_description");
  const [contact, setContact] = useState(props.contact);
  const [program, setProgram] = useState(props.program);
  const onSave = async () => {
    await saveProgram.mutateAsync(program.trim());
    await saveContact.mutateAsync(contact.trim());
    notify.success(t("HELP answers saved"));
  };
  return (
    <Stack gap="sm">
      <TextInput
        label={t("Program description")}
        placeholder={t("Acme Bakery weekly deals")}
        maxLength={160}
        disabled={!props.canEdit}
        value={program}
        onChange={(e) => setProgram(e.currentTarget.value)}
      />
      <TextInput
        label={t("Support contact")}
        description={t("An e-mail address, phone number or web address.")}
        placeholder="help@acmebakery.com"
        maxLength={200}
        disabled={!props.canEdit}
        value={contact}
        onChange={(e) => setContact(e.currentTarget.value)}
      />
      {props.canEdit && (
        <Group justify="flex-end">
          <Button
            loading={saveContact.isPending || saveProgram.isPending}
            onClick={() => void onSave().catch(() => {})}
          >
            {t("Save HELP Answers")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
