import { Badge, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { displayPhone } from "../../../../domain/contact-display";
import { COUNTRIES } from "../../../../domain/countries";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import {
  CONSENT_SOURCE_LABELS,
  type MembershipGroup,
} from "../../../../domain/subscriber-history.schemas";
import type { SubscriberDetail } from "../../../../domain/subscribers.schemas";
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
  const s = props.subscriber;
  const country = COUNTRIES.find((c) => c.id === s.countryId)?.name ?? String(s.countryId);
  const groups = props.groups ?? s.groups.map((g) => ({ ...g, type: "static" as const }));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Item label="Phone">{displayPhone(s.number)}</Item>
        <Item label="E-mail">{s.email || none}</Item>
        <Item label="First name">{s.firstName || none}</Item>
        <Item label="Last name">{s.lastName || none}</Item>
        <Item label="Sign-up method">{s.signupMethodLabel}</Item>
        <Item label="Signed up">{formatDateTime(s.date, props.timeZone)}</Item>
        <Item label="Country">{country}</Item>
        <Item label="Line type">
          {s.isLandline === true ? "Landline" : s.isLandline === false ? "Mobile" : "Not known yet"}
        </Item>
        <Item label="Marketing consent">
          {s.marketingConsentAt ? (
            <>
              {CONSENT_SOURCE_LABELS[s.consentSource] ?? s.consentSource},{" "}
              {formatDateTime(s.marketingConsentAt, props.timeZone)}
            </>
          ) : (
            "None: conversation only, left out of marketing sends"
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
        <Item label="Last updated">{formatDateTime(s.updatedAt, props.timeZone)}</Item>
      </SimpleGrid>
      {props.voiceConsent}
      <div>
        <Title order={4} size="h5" mb={6}>
          Groups
        </Title>
        {groups.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not in any group.
          </Text>
        ) : (
          <Group gap={6}>
            {groups.map((g) => (
              <Badge
                key={g.id}
                variant={g.type === "adaptive" ? "outline" : "light"}
                tt="none"
                title={
                  g.type === "adaptive" ? "Adaptive group: membership follows its rules" : undefined
                }
              >
                {g.name}
                {g.type === "adaptive" ? " · adaptive" : ""}
              </Badge>
            ))}
          </Group>
        )}
      </div>
      <div>
        <Title order={4} size="h5" mb={6}>
          Attributes
        </Title>
        {props.fields.length === 0 ? (
          <Text size="sm" c="dimmed">
            This account has no attributes yet.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            {props.fields.map((f) => {
              const value = formatAttribute(f, s.attributes[String(f.id)]);
              return (
                <Item key={f.id} label={f.name}>
                  {value || none}
                </Item>
              );
            })}
          </SimpleGrid>
        )}
      </div>
    </Stack>
  );
}
