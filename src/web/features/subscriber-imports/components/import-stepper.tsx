import { Stepper } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";

/** 4: every step done (the import has ended). */
export type ImportStep = 0 | 1 | 2 | 3 | 4;

/** Where the person is in the import: upload, map, options, import. Display only. */
export function ImportStepper({ active }: { active: ImportStep }) {
  const narrow = useMediaQuery("(max-width: 36em)") ?? false;
  return (
    <Stepper
      active={active}
      size="sm"
      iconSize={narrow ? 26 : 32}
      mb="lg"
      allowNextStepsSelect={false}
      aria-label="Import steps"
      styles={
        narrow ? { stepBody: { display: "none" }, separator: { marginInline: 4 } } : undefined
      }
    >
      <Stepper.Step label="Upload file" description="CSV or Excel" aria-label="Upload file" />
      <Stepper.Step
        label="Map columns"
        description="What each column is"
        aria-label="Map columns"
      />
      <Stepper.Step label="Options" description="Groups and duplicates" aria-label="Options" />
      <Stepper.Step label="Import" description="Watch it run" aria-label="Import" />
    </Stepper>
  );
}
