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
  const g = subscriberGrowth(last30, previous30);
  return (
    <Group gap={6} wrap="wrap">
      <Badge
        variant="light"
        color={g.icon ? "teal" : "gray"}
        leftSection={g.icon ? <IconTrendingUp size={12} aria-hidden /> : undefined}
      >
        {g.joined}
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
            {g.change}
          </Text>
        </Group>
      )}
    </Group>
  );
}

function StatCards({ d }: { d: DashboardResponse }) {
  const s = d.stats;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        label="Messages sent"
        value={s.sent.toLocaleString()}
        icon={<IconSend size={20} />}
        testId="stat-sent"
      >
        <Progress
          value={s.sentPercentage}
          color={s.sentPercentage >= 90 ? "orange" : "brand"}
          aria-label="Share of messages used"
        />
        <Text size="xs" c="dimmed">
          {s.sentPercentage}% of {s.total.toLocaleString()} this period
        </Text>
      </StatCard>
      <StatCard
        label="Messages remaining"
        value={s.remaining.toLocaleString()}
        icon={<IconMessage2 size={20} />}
        testId="stat-remaining"
      >
        <Progress value={s.remainingPercentage} color="teal" aria-label="Share of messages left" />
        <Group justify="space-between" gap={4}>
          <Text size="xs" c="dimmed">
            {s.remainingPercentage}% left
          </Text>
          <Anchor component={Link} to="/addons/purchase-messages" size="xs">
            Buy more
          </Anchor>
        </Group>
      </StatCard>
      <StatCard
        label="Subscribers"
        value={d.subscribers.total.toLocaleString()}
        icon={<IconAddressBook size={20} />}
        testId="stat-subscribers"
      >
        <Growth last30={d.subscribers.last30} previous30={d.subscribers.previous30} />
      </StatCard>
      <StatCard
        label="Unread replies"
        value={d.unreadReplies.toLocaleString()}
        icon={<IconInbox size={20} />}
        testId="stat-unread"
      >
        <Anchor component={Link} to={paths.inbox} size="xs">
          Open the inbox
        </Anchor>
      </StatCard>
    </SimpleGrid>
  );
}

/** "3 delivered · 1 failed": the groups a run has, in the report's order. */
function RunFigures({ r }: { r: SentRun }) {
  const present = STATUS_GROUPS.filter((g) => r.counts[g] > 0);
  if (present.length === 0)
    return (
      <Text size="xs" c="dimmed">
        No deliveries yet
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
            {r.counts[g].toLocaleString()} {STATUS_GROUP_LABELS[g].toLowerCase()}
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
  return (
    <Section
      title="Recent messages"
      link={{ label: "All sent messages", to: paths.sentMessages }}
      testId="recent-runs"
    >
      {runs.length === 0 ? (
        <Nothing
          icon={<IconSend size={22} />}
          text="Nothing sent yet. Your messages and how they were delivered show up here."
          action={{ label: "Send a message", to: paths.sendMessage }}
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
                  {r.text || "(no text)"}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(r.runAt, timeZone)} · {r.recipients.toLocaleString()}{" "}
                  {r.recipients === 1 ? "recipient" : "recipients"}
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
  return (
    <Section
      title="Upcoming messages"
      link={{ label: "All scheduled", to: paths.scheduledMessages }}
      testId="upcoming-sends"
    >
      {sends.length === 0 ? (
        <Nothing
          icon={<IconCalendarTime size={22} />}
          text="Nothing scheduled. Schedule a message for later, or set one to repeat."
          action={{ label: "Schedule a message", to: paths.sendMessage }}
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
                {s.text || "(no text)"}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                To {s.recipientsLabel}
              </Text>
              <Group gap={6} wrap="nowrap">
                <Text size="xs">
                  {s.status === "running"
                    ? "Going out now"
                    : s.nextRunAt
                      ? formatDateTime(s.nextRunAt, timeZone)
                      : ""}
                </Text>
                {s.repeatLabel !== "Don't Repeat" && <IconRepeat size={12} aria-hidden />}
                <Text size="xs" c="dimmed">
                  {s.repeatLabel}
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
  const me = useCurrentAccount();
  const timeZone = useAccountTimeZone();
  const dashboard = useDashboard();
  const d = dashboard.data;
  const header = (
    <PageHeader
      title="Dashboard"
      description={me ? `How ${me.businessName || "your business"} is texting.` : undefined}
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
            title="The dashboard could not be loaded"
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
