import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { displayPhone } from "../../../../domain/contact-display";
import { type CustomField, normalizeAttribute } from "../../../../domain/custom-fields.schemas";
import {
  ADD_ATTESTATION_REQUIRED,
  acceptSubscriberPhone,
  type SubscriberDetail,
  subscriberRequests,
} from "../../../../domain/subscribers.schemas";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useChangeGroupMembers } from "../api/change-group-members";
import { useCreateSubscriber } from "../api/create-subscriber";
import { useMemberships } from "../api/get-memberships";
import { useCustomFields } from "../api/list-custom-fields";
import { useUpdateSubscriber } from "../api/update-subscriber";
import { type AttributeInput, fromInput, toInput } from "../lib/attributes";
import { AttributeInputs } from "./attribute-inputs";
import { GroupMultiSelect } from "./group-multi-select";

type Basics = { number: string; firstName: string; lastName: string; email: string };
type BasicErrors = Partial<Record<keyof Basics, string>>;

/** The spec's phone message names this install's contact page (doc 1 §5). */
const requests = () => subscriberRequests(window.location.origin);

/** Add a subscriber, or edit one (`subscriber` given). */
export function SubscriberFormModal(props: {
  opened: boolean;
  onClose: () => void;
  subscriber?: SubscriberDetail;
  onCreated?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const editing = props.subscriber !== undefined;
  const fields = useCustomFields();
  const memberships = useMemberships(editing && props.opened ? [props.subscriber!.id] : []);
  const staticGroups = editing
    ? (memberships.data?.[String(props.subscriber!.id)] ?? []).filter((g) => g.type === "static")
    : [];

  const [basics, setBasics] = useState<Basics>({
    number: "",
    firstName: "",
    lastName: "",
    email: "",
  });
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [groupNames, setGroupNames] = useState<Record<string, string>>({});
  const [attributes, setAttributes] = useState<Record<string, AttributeInput>>({});
  const [errors, setErrors] = useState<BasicErrors>({});
  const [attributeErrors, setAttributeErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Adding someone records their marketing consent: the user confirms it, as an import does.
  const [attested, setAttested] = useState(false);
  const [attestError, setAttestError] = useState(false);
  const create = useCreateSubscriber();
  const update = useUpdateSubscriber();
  const changeGroups = useChangeGroupMembers();
  const busy = create.isPending || update.isPending || changeGroups.isPending;

  // Each opening starts from the subscriber (or blank).
  const s = props.subscriber;
  useEffect(() => {
    if (!props.opened) return;
    setBasics({
      number: s ? displayPhone(s.number) : "",
      firstName: s?.firstName ?? "",
      lastName: s?.lastName ?? "",
      email: s?.email ?? "",
    });
    setErrors({});
    setAttributeErrors({});
    setFormError(null);
    setGroupIds([]);
    setAttested(false);
    setAttestError(false);
  }, [props.opened, s]);
  useEffect(() => {
    if (!props.opened || !fields.data) return;
    const next: Record<string, AttributeInput> = {};
    for (const f of fields.data) next[String(f.id)] = toInput(f, s?.attributes[String(f.id)]);
    setAttributes(next);
  }, [props.opened, fields.data, s]);
  const initialGroupKey = staticGroups.map((g) => g.id).join(",");
  // Once the memberships arrive (keyed by their ids), not on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the ids
  useEffect(() => {
    if (!props.opened || !editing) return;
    setGroupIds(staticGroups.map((g) => String(g.id)));
    setGroupNames(Object.fromEntries(staticGroups.map((g) => [String(g.id), g.name])));
  }, [props.opened, editing, initialGroupKey]);

  const setBasic = (key: keyof Basics, value: string) => {
    setBasics((b) => ({ ...b, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const validate = (fieldList: CustomField[]) => {
    const parsed = requests().create.safeParse({ ...basics, attributes: {}, groupIds: [] });
    const nextErrors: BasicErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Basics;
        if (key in basics) nextErrors[key] ??= issue.message;
      }
    }
    const nextAttrErrors: Record<string, string> = {};
    const attrBody: Record<string, unknown> = {};
    for (const f of fieldList) {
      const value = fromInput(f, attributes[String(f.id)] ?? null);
      const r = normalizeAttribute(f, value);
      if (!r.ok) nextAttrErrors[String(f.id)] = r.message;
      // A new subscriber sends only what is filled in; an edit also clears what was emptied.
      if (value !== null || editing) attrBody[String(f.id)] = value;
    }
    setErrors(nextErrors);
    setAttributeErrors(nextAttrErrors);
    if (!parsed.success || Object.keys(nextAttrErrors).length) return null;
    return {
      // Only digits go to the API (doc 2 §5).
      number: parsed.data.number.phone.replace(/\D/g, ""),
      firstName: parsed.data.firstName,
      lastName: parsed.data.lastName,
      email: parsed.data.email,
      attributes: attrBody,
    };
  };

  const showServerError = (err: unknown) => {
    if (!(err instanceof ApiError)) {
      setFormError(String(err));
      return;
    }
    if (err.extra.silent) return;
    const fieldErrors = err.extra.fields ?? {};
    const basicsErr: BasicErrors = {};
    const attrErr: Record<string, string> = {};
    for (const [key, message] of Object.entries(fieldErrors)) {
      if (key.startsWith("attributes.")) attrErr[key.slice("attributes.".length)] = message;
      else if (key in basics) basicsErr[key as keyof Basics] = message;
    }
    if (Object.keys(basicsErr).length || Object.keys(attrErr).length) {
      setErrors(basicsErr);
      setAttributeErrors(attrErr);
    } else setFormError(err.message);
  };

  const submit = async () => {
    setFormError(null);
    const body = validate(fields.data ?? []);
    if (!editing && !attested) setAttestError(true);
    if (!body || (!editing && !attested)) return;
    try {
      if (!editing) {
        const created = await create.mutateAsync({
          ...body,
          groupIds: groupIds.map(Number),
          attestation: true,
        });
        notify.success(t("Subscriber created!"));
        props.onClose();
        props.onCreated?.(created.id);
        return;
      }
      await update.mutateAsync({ id: s!.id, ...body });
      const before = new Set(staticGroups.map((g) => String(g.id)));
      const after = new Set(groupIds);
      const add = [...after].filter((id) => !before.has(id)).map(Number);
      const remove = [...before].filter((id) => !after.has(id)).map(Number);
      if (add.length || remove.length) {
        await changeGroups.mutateAsync({ subscriberId: s!.id, add, remove });
      }
      notify.success(t("Subscriber updated"));
      props.onClose();
    } catch (err) {
      showServerError(err);
    }
  };

  const shownErrors = translateFields(errors);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={editing ? t("Edit Subscriber") : t("Add Subscriber")}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="subscriber-form"
      >
        <Stack gap="sm">
          {formError && (
            <Alert color="red" variant="light">
              {translateMessage(formError)}
            </Alert>
          )}
          <TextInput
            label={t("Phone number")}
            placeholder="(555) 555-5555"
            description={t("US or Canada mobile number")}
            required
            type="tel"
            autoComplete="off"
            value={basics.number}
            onChange={(e) => setBasic("number", e.currentTarget.value)}
            onBlur={() => {
              // Shown the way it is stored once it is accepted.
              const accepted = basics.number.trim() ? acceptSubscriberPhone(basics.number) : null;
              if (accepted) setBasic("number", displayPhone(accepted.phone));
            }}
            error={shownErrors.number}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t("First name")}
              value={basics.firstName}
              onChange={(e) => setBasic("firstName", e.currentTarget.value)}
              error={shownErrors.firstName}
              maxLength={100}
            />
            <TextInput
              label={t("Last name")}
              value={basics.lastName}
              onChange={(e) => setBasic("lastName", e.currentTarget.value)}
              error={shownErrors.lastName}
              maxLength={100}
            />
          </SimpleGrid>
          <TextInput
            label={t("E-mail")}
            type="email"
            value={basics.email}
            onChange={(e) => setBasic("email", e.currentTarget.value)}
            error={shownErrors.email}
            maxLength={254}
          />
          {editing && memberships.isPending ? (
            <Skeleton h={60} />
          ) : (
            <GroupMultiSelect
              value={groupIds}
              known={groupNames}
              onChange={(ids, names) => {
                setGroupIds(ids);
                setGroupNames(names);
              }}
            />
          )}
          {fields.isPending && <Skeleton h={60} />}
          {fields.data && fields.data.length > 0 && (
            <>
              <Divider label={t("Attributes")} labelPosition="left" mt="xs" />
              <AttributeInputs
                fields={fields.data}
                values={attributes}
                errors={translateFields(attributeErrors)}
                onChange={(id, v) => {
                  setAttributes((a) => ({ ...a, [String(id)]: v }));
                  setAttributeErrors((e) => ({ ...e, [String(id)]: "" }));
                }}
              />
            </>
          )}
          {!editing && (
            <Checkbox
              mt="xs"
              label={t("This person agreed to receive marketing text messages from us.")}
              checked={attested}
              onChange={(e) => {
                setAttested(e.currentTarget.checked);
                setAttestError(false);
              }}
              error={attestError ? translateMessage(ADD_ATTESTATION_REQUIRED) : undefined}
              data-testid="subscriber-attestation"
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={props.onClose} disabled={busy}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? t("Save Changes") : t("Add Subscriber")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
