import { Button, Code, Collapse } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";

/** A consent record as stored, one click away behind "Show the full record". */
export function FullRecord(props: { record: string }) {
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
        {open ? "Hide the full record" : "Show the full record"}
      </Button>
      <Collapse expanded={open}>
        <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {props.record}
        </Code>
      </Collapse>
    </>
  );
}
