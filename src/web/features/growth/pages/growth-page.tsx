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
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { GrowthOverview } from "../../../../domain/growth-tools";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
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
  const { t } = useTranslation();
  const me = useCurrentAccount();
  const overview = useGrowthOverview();
  const height = useChartHeight();
  const o = overview.data;
  return (
    <>
      <PageHeader
        title={t("Growth")}
        description={t("Every way people join your list, and how each is doing.")}
      />
      <Stack gap="lg">
        {overview.isError ? (
          <LoadFailed
            icon={<IconChartBar />}
            title={t("Growth figures could not be loaded")}
            query={overview}
          />
        ) : !o ? (
          <Skeleton h={height + 80} />
        ) : (
          <Paper withBorder radius="md" p="lg">
            <Group justify="space-between" align="flex-end" mb="md">
              <Stack gap={2}>
                <Title order={3} size="h4">
                  {t("Sign-ups by method, last 30 days")}
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
                  {t("joined")}
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
                {t(
                  "Nobody joined in the last 30 days. Put a keyword, QR code or sign-up link where your customers are.",
                )}
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
                    // The days' figures are keyed by the method's English label.
                    name: m.label,
                    label: translateMessage(m.label),
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
                      {translateMessage(m.label)}: {m.joined}
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
  const { t } = useTranslation();
  const tools = o.tools;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <Tool
        icon={<IconKey size={20} />}
        title={t("Keywords")}
        testId="keywords"
        to="/optins/keywords"
        figure={t("{{n}} active", { n: tools.keywords.active })}
        detail={t("{{n}} in all", { n: tools.keywords.total })}
      />
      <Tool
        icon={<IconUserPlus size={20} />}
        title={t("Sign-up page")}
        testId="sign-up-page"
        to="/optins/sign-up-page"
        figure={tools.signupPage.live ? t("Live") : t("Off")}
        detail={tools.signupPage.url.replace(/^https?:\/\//, "")}
      />
      <Tool
        icon={<IconForms size={20} />}
        title={t("Opt-in forms")}
        testId="opt-in-forms"
        to="/optins/opt-in-forms"
        figure={t("{{n}} active", { n: tools.optinForms.active })}
        detail={t("{{views}} views · {{confirmed}} confirmed", {
          views: tools.optinForms.views,
          confirmed: tools.optinForms.confirmations,
        })}
      />
      <Tool
        icon={<IconQrcode size={20} />}
        title={t("QR codes")}
        testId="qr-codes"
        to="/optins/qr-code-templates"
        figure={t("{{n}} scans", { count: tools.qrTemplates.scans, n: tools.qrTemplates.scans })}
        detail={t("{{n}} templates", {
          count: tools.qrTemplates.total,
          n: tools.qrTemplates.total,
        })}
        extra={
          <Anchor component={Link} to="/optins/sms-qr" size="sm">
            {t("Quick SMS QR code")}
          </Anchor>
        }
      />
      <Tool
        icon={<IconLayoutNavbar size={20} />}
        title={t("Web banner")}
        testId="web-banner"
        to="/optins/web-banner"
        figure={tools.webBanner.enabled ? t("On") : t("Off")}
        detail={t("{{views}} views · {{clicks}} clicks", {
          views: tools.webBanner.views,
          clicks: tools.webBanner.clicks,
        })}
      />
      <Tool
        icon={<IconChartBar size={20} />}
        title={t("Opt-in pages")}
        testId="opt-in-pages"
        to="/growth#optin-pages"
        figure={t("{{n}} sign-ups", { n: tools.optinPages.signups })}
        detail={t("{{n}} pages · {{visits}} visits", {
          count: tools.optinPages.total,
          n: tools.optinPages.total,
          visits: tools.optinPages.visits,
        })}
      />
    </SimpleGrid>
  );
}

/** `testId` names the card in English ("tool-qr-codes") whatever the language shown. */
function Tool(props: {
  icon: ReactNode;
  title: string;
  testId: string;
  to: string;
  figure: string;
  detail: string;
  extra?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={`tool-${props.testId}`}>
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
