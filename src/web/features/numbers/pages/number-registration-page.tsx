import { Alert, Badge, Group, Paper, Skeleton, Stack, Stepper, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconInfoCircle, IconShieldCheck } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { INDUSTRIES } from "../../../../domain/industries";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { formatNumber, tk } from "../../../i18n";
import { useCurrentAccount } from "../../../lib/current-account";
import { useRegistrationStatus } from "../../registrations/api/registration-status";
import { BrandVerification } from "../../registrations/components/brand-verification";
import { SimulatedReviews } from "../../registrations/components/registry-notice";
import { useRegistration } from "../api/get-registration";
import { BrandForm } from "../components/brand-form";
import { CampaignForm } from "../components/campaign-form";
import { type Registration, tenDlcStatus } from "../number-status";

type Status = Registration["brandStatus"];
const STATUS_BADGE: Record<Status, { label: string; color: string }> = {
  none: { label: tk("Not submitted"), color: "gray" },
  pending: { label: tk("Pending review"), color: "yellow" },
  approved: { label: tk("Approved"), color: "green" },
  rejected: { label: tk("Rejected"), color: "red" },
};

/** /number-registration (owner only): 10DLC brand and campaign registration with their statuses. */
export default function NumberRegistrationPage() {
  const { t } = useTranslation();
  const me = useCurrentAccount();
  const registration = useRegistration();

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={t("10DLC registration")}
        description={t(
          "US carriers ask every business that texts from local (10DLC) numbers to register its brand and a campaign. Until both are approved, links are disabled in your messages and carriers may filter them.",
        )}
      />
      <SimulatedReviews />
      {registration.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label={t("Loading")}>
          <Skeleton height={64} radius="lg" />
          <Skeleton height={320} radius="lg" />
        </Stack>
      ) : registration.isError ? (
        <LoadFailed
          icon={<IconShieldCheck size={28} />}
          title={t("Registration could not be loaded")}
          query={registration}
        />
      ) : (
        <RegistrationForms
          registration={registration.data}
          defaults={{
            legalName: me?.businessName ?? "",
            contactEmail: me?.email ?? "",
            vertical: INDUSTRIES.find((i) => i.id === me?.industry)?.name ?? "",
          }}
        />
      )}
    </Stack>
  );
}

function RegistrationForms(props: {
  registration: Registration;
  defaults: { legalName: string; contactEmail: string; vertical: string };
}) {
  const { t } = useTranslation();
  const r = props.registration;
  const narrow = useMediaQuery("(max-width: 48em)");
  const status = useRegistrationStatus().data;
  const simulated = status?.registry.simulated ?? false;
  const overall = tenDlcStatus(r);
  const active =
    r.brandStatus === "none" || r.brandStatus === "rejected"
      ? 0
      : r.campaignStatus === "none" || r.campaignStatus === "rejected"
        ? 1
        : r.brandStatus === "approved" && r.campaignStatus === "approved"
          ? 3
          : 2;

  return (
    <>
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
        <Group justify="space-between" mb="md" gap="xs">
          <Text fw={600}>{t("Status")}</Text>
          <Badge color={overall.color} variant="light" tt="none" data-testid="registration-status">
            {t(overall.label)}
          </Badge>
        </Group>
        <Stepper
          active={active}
          size="sm"
          allowNextStepsSelect={false}
          orientation={narrow ? "vertical" : "horizontal"}
        >
          <Stepper.Step label={t("Brand")} description={t(STATUS_BADGE[r.brandStatus].label)} />
          <Stepper.Step
            label={t("Campaign")}
            description={t(STATUS_BADGE[r.campaignStatus].label)}
          />
          <Stepper.Step
            label={t("Carrier review")}
            description={
              simulated
                ? t("Simulated: about {{time}}", {
                    time: reviewTime(status?.reviewSeconds ?? 0, t),
                  })
                : t("Usually 1–3 business days (vetting up to a week)")
            }
          />
        </Stepper>
        {active === 3 && status?.trust && (
          <Text size="sm" mt="md" data-testid="registered-limits">
            {t("Your registered limits: {{rate}} per number", {
              rate: formatMps(status.trust.mps, t),
            })}
            {status.trust.dailyCap !== null
              ? `; ${t("T-Mobile: {{n}} texts a day for your brand", { n: formatNumber(status.trust.dailyCap) })}`
              : ""}
            {status.trust.score > 0
              ? ` (${t("trust score {{score}}", { score: status.trust.score })})`
              : ""}
            .
          </Text>
        )}
      </Paper>
      {active === 2 && (
        <Alert color="brand" icon={<IconInfoCircle size={18} />}>
          {t(
            "Both parts are with the carriers' registry. You can keep texting meanwhile; links stay disabled until approval. Changes are still possible: resubmitting starts the review again.",
          )}
        </Alert>
      )}
      <Section title={t("1. Brand")} status={r.brandStatus}>
        <BrandVerification />
        <BrandForm registration={r} defaults={props.defaults} />
      </Section>
      <Section title={t("2. Campaign")} status={r.campaignStatus}>
        {r.brandStatus === "none" && (
          <Text size="sm" c="dimmed" mb="sm">
            {t("Submit your brand first; the campaign is registered under it.")}
          </Text>
        )}
        <CampaignForm registration={r} />
      </Section>
    </>
  );
}

function reviewTime(seconds: number, t: TFunction) {
  if (seconds < 60) return t("{{n}} seconds", { n: Math.max(1, Math.round(seconds)) });
  if (seconds < 3600) return t("{{n}} minutes", { n: Math.round(seconds / 60) });
  return t("{{n}} hours", { n: Math.round(seconds / 3600) });
}

function formatMps(mps: number, t: TFunction) {
  if (mps >= 1) return t("{{n}} texts a second", { n: Number(mps.toFixed(2)) });
  return t("{{n}} texts a minute", { n: Math.round(mps * 60) });
}

function Section(props: { title: string; status: Status; children: ReactNode }) {
  const { t } = useTranslation();
  const badge = STATUS_BADGE[props.status];
  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="lg">
          {props.title}
        </Title>
        <Badge color={badge.color} variant="light" tt="none">
          {t(badge.label)}
        </Badge>
      </Group>
      {props.children}
    </Paper>
  );
}
