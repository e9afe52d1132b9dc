import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconAddressBook,
  IconCalendarTime,
  IconInbox,
  IconMessage2,
  IconRepeat,
  IconSend,
  IconTrendingDown,
  IconTrendingUp,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type DashboardResponse,
  type ScheduledSend,
  type SentRun,
  STATUS_GROUP_COLORS,
  STATUS_GROUP_LABELS,
  STATUS_GROUPS,
  subscriberGrowth,
} from "../../../../domain/reports.schemas";
import { paths } from "../../../app/paths";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { formatNumber, translateMessage, translatePhrase } from "../../../i18n";
import { useCurrentAccount } from "../../../lib/current-account";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useDashboard } from "../api/get-dashboard";
import { DeliveriesChart } from "../components/deliveries-chart";
import { UsedMessagesModal } from "../components/used-messages-modal";

const detailsPath = (id: number) => `${paths.sentMessageDetails}?id=${id}`;

function StatCard(props: {
  label: string;
  value: string;
  icon: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={props.testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {props.label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} data-testid={`${props.testId}-value`}>
            {props.value}
          </Text>
        </Stack>
        <ThemeIcon variant="light" size={38} radius="md">
          {props.icon}
        </ThemeIcon>
      </Group>
      {props.children && (
        <Stack gap={6} mt="sm">
          {props.children}
        </Stack>
      )}
    </Paper>
  );
}

function Growth({ last30, previous30 }: { last30: number; previous30: number }) {
  const { t } = useTranslation();
  const g = subscriberGrowth(last30, previous30);
  return (
    <Group gap={6} wrap="wrap">
      <Badge
        variant="light"
        color={g.icon ? "teal" : "gray"}
        leftSection={g.icon ? <IconTrendingUp size={12} aria-hidden /> : undefined}
      >
        {t("+{{n}} in 30 days", { n: formatNumber(last30) })}
      </Badge>
      {g.change && (
        <Group gap={2} wrap="nowrap">
          {g.changeDirection === "down" && (
            <IconTrendingDown size={14} color="var(--mantine-color-orange-7)" aria-hidden />
          )}
          {g.changeDirection === "up" && (
            <IconTrendingUp size={14} color="var(--mantine-color-teal-7)" aria-hidden />
          )}
          <Text size="xs" c="dimmed" data-testid="growth-change">
            {t("{{pct}}% vs the 30 days before", { pct: g.pct })}
          </Text>
        </Group>
      )}
    </Group>
  );
}

function StatCards({ d }: { d: DashboardResponse }) {
  const { t } = useTranslation();
  const s = d.stats;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        label={t("Messages sent")}
        value={formatNumber(s.sent)}
        icon={<IconSend size={20} />}
        testId="stat-sent"
      >
        <Progress
          value={s.sentPercentage}
          color={s.sentPercentage >= 90 ? "orange" : "brand"}
          aria-label={t("Share of messages used")}
        />
        <Text size="xs" c="dimmed">
          {t("{{percent}}% of {{total}} this period", {
            percent: s.sentPercentage,
            total: formatNumber(s.total),
          })}
        </Text>
      </StatCard>
      <StatCard
        label={t("Messages remaining")}
        value={formatNumber(s.remaining)}
        icon={<IconMessage2 size={20} />}
        testId="stat-remaining"
      >
        <Progress
          value={s.remainingPercentage}
          color="teal"
          aria-label={t("Share of messages left")}
        />
        <Group justify="space-between" gap={4}>
          <Text size="xs" c="dimmed">
            {t("{{percent}}% left", { percent: s.remainingPercentage })}
          </Text>
          <Anchor component={Link} to="/addons/purchase-messages" size="xs">
            {t("Buy more")}
          </Anchor>
        </Group>
      </StatCard>
      <StatCard
        label={t("Subscribers")}
        value={formatNumber(d.subscribers.total)}
        icon={<IconAddressBook size={20} />}
        testId="stat-subscribers"
      >
        <Growth last30={d.subscribers.last30} previous30={d.subscribers.previous30} />
      </StatCard>
      <StatCard
        label={t("Unread replies")}
        value={formatNumber(d.unreadReplies)}
        icon={<IconInbox size={20} />}
        testId="stat-unread"
      >
        <Anchor component={Link} to={paths.inbox} size="xs">
          {t("Open the inbox")}
        </Anchor>
      </StatCard>
    </SimpleGrid>
  );
}

/** "3 delivered · 1 failed": the groups a run has, in the report's order. */
function RunFigures({ r }: { r: SentRun }) {
  const { t } = useTranslation();
  const present = STATUS_GROUPS.filter((g) => r.counts[g] > 0);
  if (present.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t("No deliveries yet")}
      </Text>
    );
  return (
    <Group gap={8} wrap="wrap">
      {present.map((g) => (
        <Group key={g} gap={4} wrap="nowrap">
          <span
            style={{
              width: 7,
              height: 7,
              borderRadius: 7,
              background: `var(--mantine-color-${STATUS_GROUP_COLORS[g].replace(".", "-")})`,
            }}
          />
          <Text size="xs" c="dimmed">
            {formatNumber(r.counts[g])} {t(STATUS_GROUP_LABELS[g]).toLowerCase()}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

function Section(props: {
  title: string;
  link: { label: string; to: string };
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid={props.testId}>
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="md">
          {props.title}
        </Title>
        <Anchor component={Link} to={props.link.to} size="sm">
          {props.link.label}
        </Anchor>
      </Group>
      {props.children}
    </Paper>
  );
}

function Nothing(props: { icon: ReactNode; text: string; action?: { label: string; to: string } }) {
  return (
    <Stack align="center" gap="xs" py="lg" ta="center">
      <ThemeIcon variant="light" size={44} radius="xl">
        {props.icon}
      </ThemeIcon>
      <Text size="sm" c="dimmed" maw={300}>
        {props.text}
      </Text>
      {props.action && (
        <Button component={Link} to={props.action.to} size="xs" variant="light">
          {props.action.label}
        </Button>
      )}
    </Stack>
  );
}

function RecentRuns({ runs, timeZone }: { runs: SentRun[]; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <Section
      title={t("Recent messages")}
      link={{ label: t("All sent messages"), to: paths.sentMessages }}
      testId="recent-runs"
    >
      {runs.length === 0 ? (
        <Nothing
          icon={<IconSend size={22} />}
          text={t("Nothing sent yet. Your messages and how they were delivered show up here.")}
          action={{ label: t("Send a message"), to: paths.sendMessage }}
        />
      ) : (
        <Stack gap={0}>
          {runs.map((r) => (
            <Anchor
              key={r.id}
              component={Link}
              to={detailsPath(r.id)}
              underline="never"
              c="inherit"
              py={8}
              style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {r.text || t("(no text)")}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(r.runAt, timeZone)} ·{" "}
                  {t("{{n}} recipients", {
                    count: r.recipients,
                    n: formatNumber(r.recipients),
                  })}
                </Text>
                <RunFigures r={r} />
              </Stack>
            </Anchor>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function Upcoming({ sends, timeZone }: { sends: ScheduledSend[]; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <Section
      title={t("Upcoming messages")}
      link={{ label: t("All scheduled"), to: paths.scheduledMessages }}
      testId="upcoming-sends"
    >
      {sends.length === 0 ? (
        <Nothing
          icon={<IconCalendarTime size={22} />}
          text={t("Nothing scheduled. Schedule a message for later, or set one to repeat.")}
          action={{ label: t("Schedule a message"), to: paths.sendMessage }}
        />
      ) : (
        <Stack gap={0}>
          {sends.map((s) => (
            <Stack
              key={s.id}
              gap={2}
              py={8}
              style={{ borderTop: "1px solid var(--mantine-color-default-border)", minWidth: 0 }}
            >
              <Text size="sm" fw={500} truncate>
                {s.text || t("(no text)")}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {t("To {{recipients}}", { recipients: translatePhrase(s.recipients) })}
              </Text>
              <Group gap={6} wrap="nowrap">
                <Text size="xs">
                  {s.status === "running"
                    ? t("Going out now")
                    : s.nextRunAt
                      ? formatDateTime(s.nextRunAt, timeZone)
                      : ""}
                </Text>
                {s.repeatLabel !== "Don't Repeat" && <IconRepeat size={12} aria-hidden />}
                <Text size="xs" c="dimmed">
                  {translateMessage(s.repeatLabel)}
                </Text>
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/**
 * /dashboard: message stats (sent, total, remaining and their shares), subscribers and their
 * growth, unread replies, 30 days of deliveries by status group, recent and upcoming sends, and
 * the used-messages modal of doc 1 §4.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const me = useCurrentAccount();
  const timeZone = useAccountTimeZone();
  const dashboard = useDashboard();
  const d = dashboard.data;
  const header = (
    <PageHeader
      title={t("Dashboard")}
      description={
        me
          ? me.businessName
            ? t("How {{business}} is texting.", { business: me.businessName })
            : t("How your business is texting.")
          : undefined
      }
    />
  );

  if (dashboard.isPending) {
    return (
      <>
        {header}
        <Stack gap="md" data-testid="dashboard-loading" aria-busy="true">
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={120} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton height={380} radius="md" />
        </Stack>
      </>
    );
  }
  if (!d) {
    return (
      <>
        {header}
        <Paper withBorder radius="md">
          <LoadFailed
            icon={<IconMessage2 size={28} />}
            title={t("The dashboard could not be loaded")}
            query={dashboard}
          />
        </Paper>
      </>
    );
  }
  return (
    <>
      {header}
      <UsedMessagesModal show={d.showUsedMessagesModal} stats={d.stats} />
      <Stack gap="md">
        <StatCards d={d} />
        <DeliveriesChart days={d.chart} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <RecentRuns runs={d.recentRuns} timeZone={timeZone} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Upcoming sends={d.upcoming} timeZone={timeZone} />
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
