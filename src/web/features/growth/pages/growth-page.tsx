import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import {
  Anchor,
  Badge,
  ColorSwatch,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconChartBar,
  IconForms,
  IconKey,
  IconLayoutNavbar,
  IconQrcode,
  IconUserPlus,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { GrowthOverview } from "../../../../domain/growth-tools";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { useCurrentAccount } from "../../../lib/current-account";
import { meCan } from "../../../lib/permissions";
import { dayLabel, useChartHeight } from "../../growth-reports/components/chart-height";
import { useGrowthOverview } from "../api/growth-tools";
import { OptinPagesPanel } from "../components/optin-pages-panel";

const swatch = (i: number) => {
  const [name, shade] = COLORS[i % COLORS.length]!.split(".");
  return `var(--mantine-color-${name}-${shade})`;
};
const COLORS = [
  "blue.6",
  "teal.6",
  "grape.6",
  "orange.6",
  "cyan.7",
  "pink.6",
  "lime.7",
  "indigo.5",
];

/** /growth: the growth tools at a glance, and who joined by which way over the last 30 days. */
export default function GrowthPage() {
  const me = useCurrentAccount();
  const overview = useGrowthOverview();
  const height = useChartHeight();
  const o = overview.data;
  return (
    <>
      <PageHeader
        title="Growth"
        description="Every way people join your list, and how each is doing."
      />
      <Stack gap="lg">
        {overview.isError ? (
          <LoadFailed
            icon={<IconChartBar />}
            title="Growth figures could not be loaded"
            query={overview}
          />
        ) : !o ? (
          <Skeleton h={height + 80} />
        ) : (
          <Paper withBorder radius="md" p="lg">
            <Group justify="space-between" align="flex-end" mb="md">
              <Stack gap={2}>
                <Title order={3} size="h4">
                  Sign-ups by method, last 30 days
                </Title>
                <Text size="sm" c="dimmed">
                  {dayLabel(o.range.from)} – {dayLabel(o.range.to)}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end">
                <Text fw={700} fz={28} lh={1.1} data-testid="growth-total">
                  {o.totalJoined}
                </Text>
                <Text size="xs" c="dimmed">
                  joined
                </Text>
              </Stack>
            </Group>
            {o.totalJoined === 0 ? (
              <Text
                c="dimmed"
                size="sm"
                ta="center"
                h={height}
                style={{ display: "flex", alignItems: "center", justifyContent: "center" }}
              >
                Nobody joined in the last 30 days. Put a keyword, QR code or sign-up link where your
                customers are.
              </Text>
            ) : (
              <>
                <BarChart
                  h={height}
                  data={o.days.map((d) => ({ ...d, label: dayLabel(String(d.date)) }))}
                  dataKey="label"
                  type="stacked"
                  tickLine="none"
                  gridAxis="y"
                  xAxisProps={{ interval: "preserveStartEnd" }}
                  yAxisProps={{ allowDecimals: false }}
                  series={o.methods.map((m, i) => ({
                    name: m.label,
                    color: COLORS[i % COLORS.length]!,
                  }))}
                />
                <Group gap="xs" mt="md" data-testid="growth-methods">
                  {/* The legend, with each method's total (the chart's own legend squeezes
                      the bars on a phone). */}
                  {o.methods.map((m, i) => (
                    <Badge
                      key={m.label}
                      variant="default"
                      size="lg"
                      tt="none"
                      fw={500}
                      leftSection={<ColorSwatch color={swatch(i)} size={10} withShadow={false} />}
                    >
                      {m.label}: {m.joined}
                    </Badge>
                  ))}
                </Group>
              </>
            )}
          </Paper>
        )}
        {o && <ToolCards o={o} />}
        <OptinPagesPanel canEdit={meCan(me, "settings:write")} />
      </Stack>
    </>
  );
}

function ToolCards({ o }: { o: GrowthOverview }) {
  const t = o.tools;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <Tool
        icon={<IconKey size={20} />}
        title="Keywords"
        to="/optins/keywords"
        figure={`${t.keywords.active} active`}
        detail={`${t.keywords.total} in all`}
      />
      <Tool
        icon={<IconUserPlus size={20} />}
        title="Sign-up page"
        to="/optins/sign-up-page"
        figure={t.signupPage.live ? "Live" : "Off"}
        detail={t.signupPage.url.replace(/^https?:\/\//, "")}
      />
      <Tool
        icon={<IconForms size={20} />}
        title="Opt-in forms"
        to="/optins/opt-in-forms"
        figure={`${t.optinForms.active} active`}
        detail={`${t.optinForms.views} views · ${t.optinForms.confirmations} confirmed`}
      />
      <Tool
        icon={<IconQrcode size={20} />}
        title="QR codes"
        to="/optins/qr-code-templates"
        figure={`${t.qrTemplates.scans} scans`}
        detail={`${t.qrTemplates.total} ${t.qrTemplates.total === 1 ? "template" : "templates"}`}
        extra={
          <Anchor component={Link} to="/optins/sms-qr" size="sm">
            Quick SMS QR code
          </Anchor>
        }
      />
      <Tool
        icon={<IconLayoutNavbar size={20} />}
        title="Web banner"
        to="/optins/web-banner"
        figure={t.webBanner.enabled ? "On" : "Off"}
        detail={`${t.webBanner.views} views · ${t.webBanner.clicks} clicks`}
      />
      <Tool
        icon={<IconChartBar size={20} />}
        title="Opt-in pages"
        to="/growth#optin-pages"
        figure={`${t.optinPages.signups} sign-ups`}
        detail={`${t.optinPages.total} ${t.optinPages.total === 1 ? "page" : "pages"} · ${t.optinPages.visits} visits`}
      />
    </SimpleGrid>
  );
}

function Tool(props: {
  icon: ReactNode;
  title: string;
  to: string;
  figure: string;
  detail: string;
  extra?: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={`tool-${props.title.toLowerCase().replace(/ /g, "-")}`}
    >
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md">
          {props.icon}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={props.to} fw={600}>
            {props.title}
          </Anchor>
          <Text fw={700} size="lg">
            {props.figure}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {props.detail}
          </Text>
          {props.extra}
        </Stack>
      </Group>
    </Paper>
  );
}
