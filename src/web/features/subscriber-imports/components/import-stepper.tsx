import { Stepper } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";

/** 4: every step done (the import has ended). */
export type ImportStep = 0 | 1 | 2 | 3 | 4;

/** Where the person is in the import: upload, map, options, import. Display only. */
export function ImportStepper({ active }: { active: ImportStep }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery("(max-width: 36em)") ?? false;
  return (
    <Stepper
      active={active}
      size="sm"
      iconSize={narrow ? 26 : 32}
      mb="lg"
      allowNextStepsSelect={false}
      aria-label={t("Import steps")}
      styles={
        narrow ? { stepBody: { display: "none" }, separator: { marginInline: 4 } } : undefined
      }
    >
      <Stepper.Step
        label={t("Upload file")}
        description={t("CSV or Excel")}
        aria-label={t("Upload file")}
      />
      <Stepper.Step
        label={t("Map columns")}
        description={t("What each column is")}
        aria-label={t("Map columns")}
      />
      <Stepper.Step
        label={t("Options")}
        description={t("Groups and duplicates")}
        aria-label={t("Options")}
      />
      <Stepper.Step label={t("Import")} description={t("Watch it run")} aria-label={t("Import")} />
    </Stepper>
  );
}
