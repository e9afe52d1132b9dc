import {
  Anchor,
  Button,
  Code,
  CopyButton,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPhone } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { smsUri } from "../../../../domain/growth-tools";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { useKeywords } from "../api/keywords";
import { useNumberOptions } from "../api/pickers";
import { QrPreview } from "../components/qr-preview";
import { fileNameOf } from "../lib/qr-image";

const PLAIN = { fgColor: "#000000", bgColor: "#ffffff" };

/**
 * /optins/sms-qr: a QR code that opens the phone's messaging app with one of the account's numbers
 * and a keyword already filled in; the person only taps Send.
 */
export default function SmsQrPage() {
  const { t } = useTranslation();
  const numbers = useNumberOptions();
  const keywords = useKeywords(null);
  const [numberId, setNumberId] = useState<string | null>(null);
  const [text, setText] = useState("");

  useEffect(() => {
    if (!numberId && numbers.data?.[0]) setNumberId(numbers.data[0].value);
  }, [numbers.data, numberId]);
  const number = numbers.data?.find((n) => n.value === numberId)?.number ?? null;
  // Keywords that answer on this number (or on every number), active ones only.
  const words = useMemo(
    () =>
      (keywords.data?.keywords ?? [])
        .filter(
          (k) =>
            k.status === "active" &&
            !k.expired &&
            (k.phoneNumberId === null || String(k.phoneNumberId) === numberId),
        )
        .map((k) => k.keyword),
    [keywords.data, numberId],
  );
  useEffect(() => {
    if (!text && words[0]) setText(words[0]);
  }, [words, text]);
  const uri = number ? smsUri(number, text.trim()) : "";

  return (
    <>
      <PageHeader
        title={t("SMS QR Code")}
        description={t(
          "People scan it with their phone camera; their messaging app opens with your number and keyword filled in, and one tap on Send subscribes them.",
        )}
      />
      {numbers.isError ? (
        <LoadFailed
          icon={<IconPhone />}
          title={t("Your numbers could not be loaded")}
          query={numbers}
        />
      ) : numbers.data && numbers.data.length === 0 ? (
        <EmptyState
          icon={<IconPhone />}
          title={t("No number yet")}
          description={t("An SMS QR code texts one of your numbers. Get a number first.")}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <Select
                label={t("Number people text")}
                data={numbers.data ?? []}
                value={numberId}
                onChange={setNumberId}
                allowDeselect={false}
                searchable
              />
              <Select
                label={t("Keyword")}
                description={t(
                  "The text that is filled in. Pick one of your keywords, or type any text below.",
                )}
                placeholder={
                  words.length ? t("Pick a keyword") : t("No active keyword on this number")
                }
                data={words}
                value={words.includes(text) ? text : null}
                onChange={(v) => setText(v ?? "")}
                clearable
              />
              <TextInput
                label={t("Message filled in")}
                value={text}
                maxLength={160}
                onChange={(e) => setText(e.currentTarget.value)}
              />
              {words.length === 0 && keywords.isSuccess && (
                <Text size="sm" c="dimmed">
                  {t("A keyword subscribes people with their consent recorded.")}{" "}
                  <Anchor component={Link} to="/optins/keywords/edit">
                    {t("Create a keyword")}
                  </Anchor>
                </Text>
              )}
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t("What the code opens")}
                </Text>
                <Code
                  block
                  data-testid="sms-uri"
                  style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }}
                >
                  {uri}
                </Code>
                <CopyButton value={uri}>
                  {({ copied, copy }) => (
                    <Button variant="default" size="xs" onClick={copy} w="fit-content">
                      {copied ? t("Copied") : t("Copy link")}
                    </Button>
                  )}
                </CopyButton>
              </Stack>
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Stack align="center" gap="xs">
              <Title order={3} size="h5">
                {t("Your QR code")}
              </Title>
              {uri ? (
                <QrPreview
                  text={uri}
                  style={PLAIN}
                  fileName={fileNameOf(`${text || "sms"}`)}
                  alt={t("QR code that texts {{text}} to {{number}}", { text, number })}
                  size={260}
                />
              ) : (
                <Text c="dimmed">{t("Pick a number to see the code.")}</Text>
              )}
              <Text size="sm" c="dimmed" ta="center">
                {t("Want your colours, a logo and a count of scans?")}{" "}
                <Anchor component={Link} to="/optins/qr-code-templates">
                  {t("Make a QR code template")}
                </Anchor>
              </Text>
            </Stack>
          </Paper>
        </SimpleGrid>
      )}
    </>
  );
}
