import { Badge, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { displayPhone } from "../../../../domain/contact-display";
import { COUNTRIES } from "../../../../domain/countries";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import {
  CONSENT_SOURCE_LABELS,
  type MembershipGroup,
} from "../../../../domain/subscriber-history.schemas";
import type { SubscriberDetail } from "../../../../domain/subscribers.schemas";
import { translateMessage } from "../../../i18n";
import { formatAttribute } from "../lib/attributes";
import { formatDateTime } from "../lib/dates";
import { ConsentDetail } from "./consent-detail";

function Item(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {props.label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {props.children}
      </Text>
    </div>
  );
}

const none = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/** The Details tab: the record's fields, its groups and its attributes. */
export function SubscriberDetails(props: {
  subscriber: SubscriberDetail;
  groups: MembershipGroup[] | undefined;
  fields: CustomField[];
  timeZone: string;
  /** Shown under the record's fields, beside marketing consent: the voice-call consent. */
  voiceConsent?: ReactNode;
}) {
  const { t } = useTranslation();
  const s = props.subscriber;
  const country = COUNTRIES.find((c) => c.id === s.countryId)?.name ?? String(s.countryId);
  const groups = props.groups ?? s.groups.map((g) => ({ ...g, type: "static" as const }));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Item label={t("Phone")}>{displayPhone(s.number)}</Item>
        <Item label={t("E-mail")}>{s.email || none}</Item>
        <Item label={t("First name")}>{s.firstName || none}</Item>
        <Item label={t("Last name")}>{s.lastName || none}</Item>
        <Item label={t("Sign-up method")}>{translateMessage(s.signupMethodLabel)}</Item>
        <Item label={t("Signed up")}>{formatDateTime(s.date, props.timeZone)}</Item>
        <Item label={t("Country")}>{country}</Item>
        <Item label={t("Line type")}>
          {s.isLandline === true
            ? t("Landline")
            : s.isLandline === false
              ? t("Mobile")
              : t("Not known yet")}
        </Item>
        <Item label={t("Marketing consent")}>
          {s.marketingConsentAt ? (
            <>
              {translateMessage(CONSENT_SOURCE_LABELS[s.consentSource] ?? s.consentSource)},{" "}
              {formatDateTime(s.marketingConsentAt, props.timeZone)}
            </>
          ) : (
            t("None: conversation only, left out of marketing sends")
          )}
          {s.consentDetail && (
            <ConsentDetail
              source={s.consentSource}
              detail={s.consentDetail}
              at={s.marketingConsentAt}
              timeZone={props.timeZone}
            />
          )}
        </Item>
        <Item label={t("Last updated")}>{formatDateTime(s.updatedAt, props.timeZone)}</Item>
      </SimpleGrid>
      {props.voiceConsent}
      <div>
        <Title order={4} size="h5" mb={6}>
          {t("Groups")}
        </Title>
        {groups.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("Not in any group.")}
          </Text>
        ) : (
          <Group gap={6}>
            {groups.map((g) => (
              <Badge
                key={g.id}
                variant={g.type === "adaptive" ? "outline" : "light"}
                tt="none"
                title={
                  g.type === "adaptive"
                    ? t("Adaptive group: membership follows its rules")
                    : undefined
                }
              >
                {g.name}
                {g.type === "adaptive" ? ` · ${t("adaptive")}` : ""}
              </Badge>
            ))}
          </Group>
        )}
      </div>
      <div>
        <Title order={4} size="h5" mb={6}>
          {t("Attributes")}
        </Title>
        {props.fields.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("This account has no attributes yet.")}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            {props.fields.map((f) => {
              const value = formatAttribute(f, s.attributes[String(f.id)]);
              return (
                <Item key={f.id} label={f.name}>
                  {value ? (f.type === "boolean" ? t(value) : value) : none}
                </Item>
              );
            })}
          </SimpleGrid>
        )}
      </div>
    </Stack>
  );
}
