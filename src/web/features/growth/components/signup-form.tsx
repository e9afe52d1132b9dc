import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Image,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { createElement, type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BUILTIN_ELEMENTS,
  consentLine,
  FIELD_STATUS,
  type PublicCustomField,
  type PublicSignupPage,
  phoneFieldShown,
  type SignupLang,
  type SignupValues,
  validateSignup,
} from "../../../../domain/signup-page";

export interface SignupLocks {
  phone: string | null;
  lockedGroupIds: number[];
  preselectedGroupIds: number[];
}

/** The order the visitor sees: the saved order, then anything visible it does not name. */
function elementsOf(page: PublicSignupPage, urlPhone: string | null): string[] {
  const c = page.config;
  const visible = new Set<string>();
  if (c.nameStatus !== FIELD_STATUS.hidden) visible.add("name");
  if (c.emailStatus !== FIELD_STATUS.hidden) visible.add("email");
  if (phoneFieldShown(c.phoneStatus, urlPhone)) visible.add("phone");
  if (c.groupStatus !== FIELD_STATUS.hidden && page.groups.length > 0) visible.add("groups");
  for (const f of page.customFields) visible.add(`field:${f.id}`);
  const order = c.elementOrder.filter((k) => visible.has(k));
  for (const k of [...BUILTIN_ELEMENTS, ...page.customFields.map((f) => `field:${f.id}`)])
    if (visible.has(k) && !order.includes(k)) order.push(k);
  return order;
}

/**
 * The sign-up form as a visitor sees it, driven by the page's configuration: used live on
 * /subscribe/:accountName and in the editor's preview. `onSubmit` gets valid values and the bot
 * proof; it answers with an error text or null.
 */
export function SignupForm(props: {
  page: PublicSignupPage;
  lang: SignupLang;
  locks: SignupLocks;
  /** The challenge URL of the bot check; absent in the editor's preview. */
  challengeUrl?: string;
  onSubmit: (values: SignupValues, proof: string) => Promise<Record<string, string> | null>;
}) {
  const { t } = useTranslation();
  const { page, lang, locks } = props;
  const c = page.config;
  const [values, setValues] = useState<SignupValues>({
    firstName: "",
    lastName: "",
    number: locks.phone ?? "",
    email: "",
    groupIds: [...new Set([...locks.lockedGroupIds, ...locks.preselectedGroupIds])],
    subscriberFields: {},
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [altchaReady, setAltchaReady] = useState(!props.challengeUrl);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!props.challengeUrl) return;
    let live = true;
    void import("../lib/altcha").then(() => live && setAltchaReady(true));
    return () => {
      live = false;
    };
  }, [props.challengeUrl]);

  const set = (patch: Partial<SignupValues>) => setValues((v) => ({ ...v, ...patch }));
  const setField = (id: number, value: unknown) =>
    setValues((v) => ({ ...v, subscriberFields: { ...v.subscriberFields, [String(id)]: value } }));
  const errorOf = (key: string) => errors[key];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateSignup(values, page, lang);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input = formRef.current?.querySelector<HTMLInputElement>('input[name="altcha"]');
    const proof = input?.value ?? "";
    setSubmitting(true);
    try {
      const serverErrors = await props.onSubmit(values, proof);
      if (serverErrors) setErrors(serverErrors);
    } finally {
      setSubmitting(false);
    }
  };

  const styles = {
    label: { color: c.textColor },
  };

  const renderField = (f: PublicCustomField) => {
    const key = `field:${f.id}`;
    const required = f.status === FIELD_STATUS.required;
    const value = values.subscriberFields[String(f.id)];
    if (f.type === "boolean")
      return (
        <Radio.Group
          key={key}
          label={f.name}
          required={required}
          error={errorOf(key)}
          value={value === true ? "yes" : value === false ? "no" : ""}
          onChange={(v) => setField(f.id, v === "yes")}
          styles={styles}
        >
          <Group mt={6}>
            <Radio value="yes" label={t("yes")} color={c.accentColor} />
            <Radio value="no" label={t("no")} color={c.accentColor} />
          </Group>
        </Radio.Group>
      );
    if (f.type === "multi_select" && f.options.length <= 2)
      return (
        <Radio.Group
          key={key}
          label={f.name}
          required={required}
          error={errorOf(key)}
          value={Array.isArray(value) ? String(value[0] ?? "") : ""}
          onChange={(v) => setField(f.id, [v])}
          styles={styles}
        >
          <Group mt={6}>
            {f.options.map((o) => (
              <Radio key={o} value={o} label={o} color={c.accentColor} />
            ))}
          </Group>
        </Radio.Group>
      );
    if (f.type === "multi_select")
      return (
        <Checkbox.Group
          key={key}
          label={f.name}
          required={required}
          error={errorOf(key)}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => setField(f.id, v)}
          styles={styles}
        >
          <SimpleGrid cols={{ base: 1, xs: f.options.length >= 8 ? 2 : 1 }} mt={6} spacing={6}>
            {f.options.map((o) => (
              <Checkbox key={o} value={o} label={o} color={c.accentColor} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      );
    if (f.type === "address") {
      const a = (value ?? {}) as Record<string, string>;
      const part = (p: string, label: string) => (
        <TextInput
          label={label}
          required={required}
          value={a[p] ?? ""}
          onChange={(e) => setField(f.id, { ...a, [p]: e.currentTarget.value })}
          styles={styles}
          autoComplete={
            p === "zip"
              ? "postal-code"
              : p === "state"
                ? "address-level1"
                : p === "city"
                  ? "address-level2"
                  : "street-address"
          }
        />
      );
      return (
        <Stack key={key} gap={6}>
          <Text fw={500} size="sm" c={c.textColor}>
            {f.name}
          </Text>
          {part("address", t("address"))}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            {part("city", t("city"))}
            {part("state", t("state"))}
            {part("zip", t("zip"))}
          </SimpleGrid>
          {errorOf(key) && (
            <Text size="xs" c="red">
              {errorOf(key)}
            </Text>
          )}
        </Stack>
      );
    }
    return (
      <TextInput
        key={key}
        type={f.type === "date" ? "date" : "text"}
        label={f.name}
        required={required}
        error={errorOf(key)}
        value={typeof value === "string" ? value : ""}
        onChange={(e) => setField(f.id, e.currentTarget.value)}
        styles={styles}
      />
    );
  };

  const element = (key: string) => {
    if (key === "name")
      return (
        <SimpleGrid key={key} cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t("firstName")}
            required={c.nameStatus === FIELD_STATUS.required}
            value={values.firstName}
            onChange={(e) => set({ firstName: e.currentTarget.value })}
            error={errorOf("firstName")}
            autoComplete="given-name"
            styles={styles}
          />
          <TextInput
            label={t("lastName")}
            required={c.nameStatus === FIELD_STATUS.required}
            value={values.lastName}
            onChange={(e) => set({ lastName: e.currentTarget.value })}
            error={errorOf("lastName")}
            autoComplete="family-name"
            styles={styles}
          />
        </SimpleGrid>
      );
    if (key === "email")
      return (
        <TextInput
          key={key}
          type="email"
          label={t("email")}
          required={c.emailStatus === FIELD_STATUS.required}
          value={values.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
          error={errorOf("email")}
          autoComplete="email"
          styles={styles}
        />
      );
    if (key === "phone")
      return (
        <TextInput
          key={key}
          type="tel"
          label={t("phone")}
          required
          value={values.number}
          readOnly={locks.phone !== null}
          onChange={(e) => set({ number: e.currentTarget.value })}
          error={errorOf("number")}
          autoComplete="tel"
          inputMode="tel"
          styles={styles}
        />
      );
    if (key === "groups")
      return (
        <Checkbox.Group
          key={key}
          label={t("groups")}
          required={c.groupStatus === FIELD_STATUS.required}
          error={errorOf("groups")}
          value={values.groupIds.map(String)}
          onChange={(v) =>
            set({
              groupIds: [...new Set([...locks.lockedGroupIds, ...v.map(Number)])],
            })
          }
          styles={styles}
        >
          <SimpleGrid
            cols={{ base: 1, xs: page.groups.length >= 8 ? 2 : 1 }}
            mt={6}
            spacing={6}
            data-testid="signup-groups"
            data-columns={page.groups.length >= 8 ? 2 : 1}
          >
            {page.groups.map((g) => (
              <Checkbox
                key={g.id}
                value={String(g.id)}
                label={g.name}
                color={c.accentColor}
                disabled={locks.lockedGroupIds.includes(g.id)}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      );
    const f = page.customFields.find((x) => `field:${x.id}` === key);
    return f ? renderField(f) : null;
  };

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {c.companyLogo && (
          <Image
            src={c.companyLogo}
            alt={c.companyName || page.businessName}
            mah={88}
            fit="contain"
            w="auto"
            mx="auto"
          />
        )}
        <Title order={1} fz={{ base: 24, sm: 28 }} ta="center" c={c.textColor}>
          {c.companyName || page.businessName}
        </Title>
        {page.tracker && (
          <Title order={2} fz={{ base: 20, sm: 22 }} ta="center" c={c.textColor}>
            {page.tracker.title}
          </Title>
        )}
        <Text ta="center" c={c.textColor} style={{ whiteSpace: "pre-wrap" }}>
          {page.tracker?.description || c.welcomeMessage || t("title")}
        </Text>
        {elementsOf(page, locks.phone).map(element)}
        {hasErrors && (
          <Text c="red" size="sm" role="alert" data-testid="signup-required">
            {t("fillRequired")}
          </Text>
        )}
        {props.challengeUrl &&
          altchaReady &&
          createElement("altcha-widget", {
            challenge: props.challengeUrl,
            auto: "onload",
            language: lang === "es" ? "es-419" : "en",
            name: "altcha",
            style: { "--altcha-max-width": "100%" },
          })}
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={submitting}
          color={c.accentColor}
          disabled={!altchaReady}
        >
          {page.tracker?.buttonText || t("submit")}
        </Button>
        <Text size="xs" c={c.textColor} data-testid="consent-line">
          {consentLine(lang, page.businessName)}{" "}
          {/* The text's own colour, underlined: an accent colour may be too light for small text. */}
          <Anchor
            href={`${page.privacyUrl}?lang=${lang}`}
            size="xs"
            c={c.textColor}
            fw={600}
            underline="always"
          >
            {t("terms")}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
