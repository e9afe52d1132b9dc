import { ActionIcon, Code, CopyButton, Group, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** A value to paste into the other tool, with a copy button. */
export function CopyField(props: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Code
        data-testid={props.testId}
        style={{ flex: 1, overflowWrap: "anywhere", fontSize: 13, padding: "6px 10px" }}
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
              aria-label={t("Copy {{label}}", { label: props.label })}
            >
              {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
