import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** A secret shown once: the value to copy and a plain warning that it will not be shown again. */
export function SecretOnce(props: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} p="sm">
        {t(
          "Copy it now: for your security it is stored hashed or sealed and will not be shown again.",
        )}
      </Alert>
      <Text size="sm" fw={600}>
        {props.label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          data-testid={props.testId}
          style={{ flex: 1, overflowWrap: "anywhere", fontSize: 13, padding: "8px 10px" }}
        >
          {props.value}
        </Code>
        <CopyButton value={props.value} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t("Copied") : t("Copy")} withArrow>
              <ActionIcon
                variant="light"
                size="lg"
                onClick={copy}
                aria-label={t("Copy {{label}}", { label: props.label.toLowerCase() })}
              >
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
