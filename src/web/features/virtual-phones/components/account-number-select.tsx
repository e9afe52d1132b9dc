import { Select, type SelectProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { DedicatedNumber } from "../../../../domain/numbers.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import { translateMessage } from "../../../i18n";

/** One of the account's numbers, with its name and hint ('(pending)', '(unverified Toll-Free)'). */
export function AccountNumberSelect(
  props: Omit<SelectProps, "data"> & { numbers: DedicatedNumber[] },
) {
  // Subscribed so the hints follow the language.
  useTranslation();
  const { numbers, ...rest } = props;
  return (
    <Select
      data={numbers.map((n) => ({ value: n.number, label: numberLabel(n) }))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}

function numberLabel(n: DedicatedNumber): string {
  return [formatUsNumber(n.number), n.name && `· ${n.name}`, n.hint && translateMessage(n.hint)]
    .filter(Boolean)
    .join(" ");
}
