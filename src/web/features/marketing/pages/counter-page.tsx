import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconScan } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { CodeCheck } from "../../../../domain/marketing.schemas";
import { PublicNotice } from "../../../components/public-notice";
import { tk } from "../../../i18n";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { checkCode, redeemCode, useCounterInfo } from "../api/marketing";
import { formatDateTime } from "../lib/tools";

const STATE: Record<CodeCheck["state"], { label: string; color: string }> = {
  valid: { label: tk("Valid"), color: "teal" },
  redeemed: { label: tk("Already used"), color: "orange.9" },
  expired: { label: tk("Expired"), color: "red.8" },
  unknown: { label: tk("Not found"), color: "red.8" },
};

/**
 * /counter/:token: the staff counter check. Type or scan a code (a scanner types it and presses
 * Enter), see whether it is valid, used or expired, and mark it redeemed; the counter shows how many
 * were redeemed of those handed out.
 */
export default function CounterPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const { token = "" } = useParams();
  const info = useCounterInfo(token);
  const qc = useQueryClient();
  const [code, setCode] = useState("");
  const [result, setResult] = useState<CodeCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const run = async (fn: () => Promise<CodeCheck>) => {
    setBusy(true);
    setError(null);
    try {
      const r = await fn();
      setResult(r);
      void qc.invalidateQueries({ queryKey: ["counter", token] });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const check = (e: React.FormEvent) => {
    e.preventDefault();
    if (code.trim()) void run(() => checkCode(token, code.trim()));
  };
  const redeem = () =>
    result &&
    void run(async () => {
      const r = await redeemCode(token, result.code);
      setCode("");
      input.current?.focus();
      return r;
    });

  if (info.isPending)
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  if (info.isError || !info.data)
    return (
      <PublicNotice
        title={t("Counter link not available")}
        message={info.error?.message ?? t("This counter link is not valid.")}
      />
    );
  const d = info.data;
  const issued = result?.issued ?? d.issued;
  const redeemed = result?.redeemed ?? d.redeemed;
  return (
    <Box bg="gray.0" mih="100vh" py={{ base: "md", sm: 48 }} px="sm">
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={520} mx="auto">
        <Stack gap="md">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t("{{business}} · counter check", { business: d.business })}
            </Text>
            <Title order={1} fz={24}>
              {d.program}
            </Title>
            <Text size="sm">{d.offer}</Text>
          </Stack>
          <Group gap="lg" data-testid="counter">
            <Stack gap={0}>
              <Text fz={28} fw={700}>
                {redeemed}
              </Text>
              <Text size="xs" c="dimmed">
                {t("redeemed")}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text fz={28} fw={700}>
                {issued}
              </Text>
              <Text size="xs" c="dimmed">
                {t("handed out")}
              </Text>
            </Stack>
          </Group>
          <form onSubmit={check}>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                ref={input}
                label={t("Code")}
                placeholder={t("Type or scan the code")}
                value={code}
                onChange={(e) => {
                  setCode(e.currentTarget.value.toUpperCase());
                  setResult(null);
                }}
                autoFocus
                autoComplete="off"
                leftSection={<IconScan size={16} />}
                style={{ flex: 1 }}
              />
              <Button type="submit" loading={busy && !result}>
                {t("Check")}
              </Button>
            </Group>
          </form>
          {error && <Alert color="red">{error}</Alert>}
          {result && (
            <Paper withBorder radius="md" p="md" data-testid="code-result">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text ff="monospace" fw={700} fz="lg">
                    {result.code}
                  </Text>
                  <Badge size="lg" color={result.redeemedNow ? "teal" : STATE[result.state].color}>
                    {result.redeemedNow ? t("Redeemed") : t(STATE[result.state].label)}
                  </Badge>
                </Group>
                {result.state !== "unknown" && (
                  <Text size="sm">
                    {t("{{offer}} · holder {{holder}}", {
                      offer: result.offer,
                      holder: result.holder,
                    })}
                  </Text>
                )}
                {result.state === "unknown" && (
                  <Text size="sm">
                    {t(
                      "No code like this was handed out in {{program}}. Check the letters and try again.",
                      { program: d.program },
                    )}
                  </Text>
                )}
                {result.redeemedAt && (
                  <Text size="sm" c={result.redeemedNow ? undefined : "orange.9"}>
                    {result.redeemedNow
                      ? t("Marked used {{date}}", {
                          date: formatDateTime(result.redeemedAt, timeZone),
                        })
                      : t("Used {{date}}", { date: formatDateTime(result.redeemedAt, timeZone) })}
                  </Text>
                )}
                {result.state === "expired" && result.expiresAt && (
                  <Text size="sm" c="red.9">
                    {t("Expired {{date}}", { date: formatDateTime(result.expiresAt, timeZone) })}
                  </Text>
                )}
                {result.state === "valid" && (
                  <Button color="teal" onClick={redeem} loading={busy}>
                    {t("Mark redeemed")}
                  </Button>
                )}
              </Stack>
            </Paper>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
