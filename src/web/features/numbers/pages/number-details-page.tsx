import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  IconArrowLeft,
  IconCircleCheck,
  IconDeviceMobileOff,
  IconInfoCircle,
  IconTrash,
} from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import type { DedicatedNumber } from "../../../../domain/numbers.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { useCurrentAccount } from "../../../lib/current-account";
import { formatDay, useAccountTimeZone } from "../../../lib/format-date-time";
import { TollFreeReviewReason } from "../../registrations/components/review-reason";
import { useNumber } from "../api/get-number";
import { useRegistration } from "../api/get-registration";
import { useAllNumbers } from "../api/list-numbers";
import { EditableName } from "../components/editable-name";
import { NumberStateBadge, NumberTypeBadge, StatusBadge } from "../components/number-badges";
import { ReleaseNumberModal } from "../components/release-number-modal";
import { TollFreeVerificationForm } from "../components/toll-free-verification-form";
import {
  monthlyCost,
  numberState,
  sendingLimits,
  tenDlcStatus,
  verificationStatus,
} from "../number-status";

const LIST_PATH = "/dedicated-numbers";

/** /dedicated-numbers/details/:id/:number: one number, its limits and its verification. */
export default function NumberDetailsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const number = useNumber(id);

  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to={LIST_PATH} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} />
          {t("Dedicated Numbers")}
        </Group>
      </Anchor>
      {number.isPending && Number.isInteger(id) && id > 0 ? (
        <DetailsSkeleton />
      ) : number.isError ? (
        <LoadFailed
          icon={<IconDeviceMobileOff size={28} />}
          title={t("This number could not be loaded")}
          query={number}
        />
      ) : number.data ? (
        <NumberDetails number={number.data} />
      ) : (
        <NotFound />
      )}
    </Stack>
  );
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="lg" data-testid="number-not-found">
      <EmptyState
        icon={<IconDeviceMobileOff size={28} />}
        title={t("Number not found")}
        description={t(
          "This number is not in your account. It may have been released, or the link is wrong.",
        )}
        action={{ label: t("Back to Dedicated Numbers"), onClick: () => navigate(LIST_PATH) }}
      />
    </Paper>
  );
}

function DetailsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t("Loading")}>
      <Skeleton height={36} width={260} />
      <Skeleton height={160} radius="lg" />
      <Skeleton height={120} radius="lg" />
    </Stack>
  );
}

function NumberDetails({ number }: { number: DedicatedNumber }) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const me = useCurrentAccount();
  const owner = me?.superUser === true;
  const navigate = useNavigate();
  const registration = useRegistration({ enabled: owner && !number.tollFree });
  const all = useAllNumbers();
  const [releasing, setReleasing] = useState(false);
  const state = numberState(number);
  const verification = verificationStatus(number);
  const limits = sendingLimits(number, registration.data);
  const sendable = all.data?.rows.filter((n) => n.verified) ?? [];

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6}>
          <Title order={2} fz={{ base: 24, sm: 28 }} data-testid="details-number">
            {formatUsNumber(number.number)}
          </Title>
          <Group gap={6}>
            <NumberTypeBadge number={number} />
            <NumberStateBadge number={number} />
          </Group>
        </Stack>
        {owner && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setReleasing(true)}
          >
            {t("Release number")}
          </Button>
        )}
      </Group>

      <Section title={t("Details")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <Field label={t("Name")}>
            <EditableName number={number} editable={owner} />
          </Field>
          <Field label={t("Number")}>
            <Text size="sm">{formatUsNumber(number.number)}</Text>
          </Field>
          <Field label={t("Type")}>
            <Text size="sm">
              {number.tollFree ? t("Toll-free") : t("Long code (local 10-digit number)")}
            </Text>
          </Field>
          <Field label={t("State")}>
            <Text size="sm">
              {t(state.label)}: {t(state.description)}
            </Text>
          </Field>
          <Field label={t("Added")}>
            <Text size="sm">{formatDay(number.createdAt, timeZone)}</Text>
          </Field>
          <Field label={t("Monthly cost")}>
            <Text size="sm">
              {monthlyCost(number)}
              {number.monthlyPriceCents === 0 && ` ${t("with your plan")}`}
            </Text>
          </Field>
        </SimpleGrid>
      </Section>

      <Section title={t("Sending limits")}>
        {limits.length > 0 ? (
          <Alert color="orange" icon={<IconInfoCircle size={18} />} p="sm" data-testid="limits">
            <List size="sm" spacing={4}>
              {limits.map((l) => (
                <List.Item key={l}>{t(l)}</List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          <Group gap={8} data-testid="limits">
            <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" />
            <Text size="sm">
              {owner || number.tollFree
                ? t("No extra limits apply to this number.")
                : t(
                    "No limits apply to this number itself. Links also need the account's 10DLC registration, which the account owner manages.",
                  )}
            </Text>
          </Group>
        )}
        {!number.tollFree && owner && registration.data && (
          <Group gap="xs" mt="sm">
            <Text size="sm">{t("10DLC registration:")}</Text>
            <StatusBadge status={tenDlcStatus(registration.data)} />
            <Anchor component={Link} to="/number-registration" size="sm">
              {t("Manage registration")}
            </Anchor>
          </Group>
        )}
      </Section>

      {verification && (
        <Section
          title={t("Toll-free verification")}
          right={
            <Badge color={verification.color} variant="light" tt="none" data-testid="tf-status">
              {t(verification.label)}
            </Badge>
          }
        >
          <Text size="sm" c="dimmed" mb="sm">
            {t(verification.description)}{" "}
            {t(
              "Carriers require toll-free numbers to be verified before they carry marketing and notification traffic at full volume.",
            )}
          </Text>
          {number.tfVerification === "rejected" && (
            <TollFreeReviewReason phoneNumberId={number.id} />
          )}
          {owner && (number.tfVerification === "none" || number.tfVerification === "rejected") ? (
            <TollFreeVerificationForm
              numberId={number.id}
              defaults={{ businessName: me?.businessName ?? "", contactEmail: me?.email ?? "" }}
            />
          ) : (
            !owner &&
            number.tfVerification !== "verified" && (
              <Text size="sm">{t("Only the account owner can submit the verification.")}</Text>
            )
          )}
        </Section>
      )}

      {owner && (
        <ReleaseNumberModal
          number={releasing ? number : null}
          lastSendingNumber={number.verified && sendable.length === 1}
          onClose={() => setReleasing(false)}
          onReleased={() => navigate(LIST_PATH, { replace: true })}
        />
      )}
    </>
  );
}

function Section(props: { title: string; right?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="lg">
          {props.title}
        </Title>
        {props.right}
      </Group>
      {props.children}
    </Paper>
  );
}

function Field(props: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {props.label}
      </Text>
      {props.children}
    </Stack>
  );
}
