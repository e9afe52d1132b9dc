import { Button, Code, Collapse } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";

/** A consent record as stored, one click away behind "Show the full record". */
export function FullRecord(props: { record: string }) {
  const { t } = useTranslation();
  const [open, toggle] = useDisclosure(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-xs"
        w="fit-content"
        onClick={toggle.toggle}
        aria-expanded={open}
      >
        {open ? t("Hide the full record") : t("Show the full record")}
      </Button>
      <Collapse expanded={open}>
        <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {props.record}
        </Code>
      </Collapse>
    </>
  );
}
