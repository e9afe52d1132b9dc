import { BarChart } from "@mantine/charts";
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProgramReport as Report } from "../../../../domain/marketing.schemas";
import { formatNumber } from "../../../i18n";
import { formatShortDay, useAccountTimeZone } from "../../../lib/format-date-time";
import {
  ACTIVITY_LABEL,
  formatDateTime,
  formatDayShort,
  formatShort,
  STATE_LABEL,
  TOOLS,
} from "../lib/tools";

/** A tool's report: the figures, the last 30 days, the people and what happened lately. */
export function ProgramReport({ report }: { report: Report }) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const kind = report.program.kind;
  const tool = TOOLS[kind];
  const mobile = useMediaQuery("(max-width: 48em)");
  const chart = report.daily.map((d) => ({
    label: formatShortDay(`${d.day}T12:00:00Z`, "UTC"),
    count: d.count,
  }));
  const total = report.daily.reduce((a, b) => a + b.count, 0);
  const [allActivity, setAllActivity] = useState(false);
  const activity = allActivity ? report.activity : report.activity.slice(0, 12);
  // Loyalty members and sharers have one state: the column would say the same on every row.
  const withState = kind !== "loyalty" && kind !== "referral";
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: tool.figures.length }} spacing="sm" data-testid="figures">
        {tool.figures.map((f) => (
          <Paper key={f.key} withBorder radius="md" p="sm" data-testid={`figure-${f.key}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t(f.label)}
            </Text>
            <Text fz={26} fw={700}>
              {formatNumber(report.figures[f.key] ?? 0)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {report.draws.length > 0 && (
        <Paper withBorder radius="md" p="md" data-testid="draws">
          <Title order={3} fz="md" mb="xs">
            {t("Draw")}
          </Title>
          {report.draws.map((d) => (
            <Stack key={d.drawnAt} gap={4}>
              <Text size="sm">
                {t("Drawn {{date}} among {{count}} entrants.", {
                  date: formatDateTime(d.drawnAt, timeZone),
                  count: d.entrants,
                })}{" "}
                {t("Winners:", { count: d.winners.length })}{" "}
                <b>
                  {d.winners
                    .map((w) =>
                      w.code
                        ? t("{{name}} (code {{code}})", { name: w.name || w.phone, code: w.code })
                        : w.name || w.phone,
                    )
                    .join(", ")}
                </b>
              </Text>
              <Text size="xs" c="dimmed">
                {d.method}
              </Text>
            </Stack>
          ))}
        </Paper>
      )}
      <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
        <Title order={3} fz="md" mb="sm">
          {t("{{what}}, last 30 days", { what: t(tool.daily) })}
        </Title>
        {total === 0 ? (
          <Text
            c="dimmed"
            size="sm"
            ta="center"
            h={mobile ? 235 : 335}
            style={{ display: "flex", alignItems: "center", justifyContent: "center" }}
          >
            {t("Nothing in the last 30 days yet.")}
          </Text>
        ) : (
          <BarChart
            h={mobile ? 235 : 335}
            data={chart}
            dataKey="label"
            tickLine="none"
            gridAxis="y"
            xAxisProps={{ interval: mobile ? 9 : 2 }}
            yAxisProps={{ allowDecimals: false }}
            series={[{ name: "count", label: t(tool.daily), color: "teal.7" }]}
          />
        )}
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
          <Title order={3} fz="md" mb="sm">
            {t(tool.people)}
          </Title>
          {report.people.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("Nobody yet.")}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table striped horizontalSpacing="xs" data-testid="people">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("Person")}</Table.Th>
                    {withState && <Table.Th>{t("State")}</Table.Th>}
                    {kind === "loyalty" && <Table.Th ta="right">{t("Points")}</Table.Th>}
                    {kind === "loyalty" && <Table.Th ta="right">{t("Check-ins")}</Table.Th>}
                    {kind === "referral" && <Table.Th ta="right">{t("Friends")}</Table.Th>}
                    {kind !== "registration" && <Table.Th>{t("Code")}</Table.Th>}
                    <Table.Th>{t("Since")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.people.map((p) => (
                    <Table.Tr key={p.memberId}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {p.name || p.phone}
                        </Text>
                        {p.name && (
                          <Text size="xs" c="dimmed">
                            {p.phone}
                          </Text>
                        )}
                      </Table.Td>
                      {withState && (
                        <Table.Td>
                          <Badge
                            variant="light"
                            color={
                              p.state === "cancelled"
                                ? "gray"
                                : p.state === "waitlisted"
                                  ? "yellow"
                                  : "teal"
                            }
                          >
                            {STATE_LABEL[p.state] ? t(STATE_LABEL[p.state]!) : p.state}
                          </Badge>
                        </Table.Td>
                      )}
                      {kind === "loyalty" && <Table.Td ta="right">{p.points}</Table.Td>}
                      {kind === "loyalty" && <Table.Td ta="right">{p.checkins}</Table.Td>}
                      {kind === "referral" && <Table.Td ta="right">{p.referrals}</Table.Td>}
                      {kind !== "registration" && (
                        <Table.Td>
                          {p.code ? (
                            <Text size="sm" ff="monospace" style={{ whiteSpace: "nowrap" }}>
                              {p.code}
                              {p.redeemedAt ? ` ${t("(used)")}` : ""}
                            </Text>
                          ) : (
                            "—"
                          )}
                        </Table.Td>
                      )}
                      <Table.Td style={{ whiteSpace: "nowrap" }}>
                        <Text size="sm">{formatDayShort(p.createdAt, timeZone)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
        <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
          <Title order={3} fz="md" mb="sm">
            {t("Latest activity")}
          </Title>
          {report.activity.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("Nothing happened yet.")}
            </Text>
          ) : (
            <Stack gap={0} data-testid="activity">
              {activity.map((a) => (
                <Group
                  key={a.id}
                  justify="space-between"
                  align="flex-start"
                  gap="xs"
                  py={6}
                  style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
                >
                  <Stack gap={0} style={{ minWidth: 0, flex: "1 1 180px" }}>
                    <Text size="sm" fw={500}>
                      {ACTIVITY_LABEL[a.kind] ? t(ACTIVITY_LABEL[a.kind]!) : a.kind}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[a.phone, a.detail].filter(Boolean).join(" · ")}
                    </Text>
                  </Stack>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                    {formatShort(a.createdAt, timeZone)}
                  </Text>
                </Group>
              ))}
              {report.activity.length > activity.length && (
                <Button variant="subtle" size="xs" mt="xs" onClick={() => setAllActivity(true)}>
                  {t("Show {{n}} more", { n: report.activity.length - activity.length })}
                </Button>
              )}
            </Stack>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
