import { Alert, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { parseAddress } from "../../../../domain/address";

const EXAMPLE = "12 Main St, Austin, TX, 78701";

/** Explains how an address is typed and lets the user try the parser on a line of their own. */
export function AddressHint() {
  const { t } = useTranslation();
  const [text, setText] = useState(EXAMPLE);
  const parts = parseAddress(text);
  const zipBad = parts.zip === "" && /\d{3,}\s*$/.test(text.trim()) && !/,/.test(text);
  return (
    <Alert variant="light" color="brand" icon={<IconInfoCircle size={18} />} p="sm">
      <Stack gap="xs">
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="An address is kept as four parts: street, city, state and zip. Type it (or put it in an import column) as <0>'street, city, state, zip'</0>, separated by commas."
            components={[<b key="format" />]}
          />
        </Text>
        <TextInput
          size="xs"
          label={t("Try it")}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          aria-label={t("Try an address")}
        />
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing={6} data-testid="address-parts">
          <Part label={t("Street")} value={parts.address} />
          <Part label={t("City")} value={parts.city} />
          <Part label={t("State")} value={parts.state} />
          <Part label={t("Zip")} value={parts.zip} />
        </SimpleGrid>
        {zipBad && (
          <Text size="xs" c="dimmed">
            {t("Separate the parts with commas so each lands in its place.")}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function Part({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} truncate>
        {value || "—"}
      </Text>
    </Stack>
  );
}
