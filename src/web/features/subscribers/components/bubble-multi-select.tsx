import { MultiSelect, type MultiSelectProps, Pill } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../i18n";

/** Multi-selects show up to 16 bubbles (spec doc 2 §9); the rest are counted in one more. */
export const MAX_BUBBLES = 16;

export function BubbleMultiSelect(props: MultiSelectProps & { value: string[] }) {
  const { t } = useTranslation();
  const { value } = props;
  return (
    <MultiSelect
      {...props}
      renderPill={({ option, value: v, onRemove, disabled }) => {
        const index = value.indexOf(String(v));
        if (index >= MAX_BUBBLES) {
          return index === MAX_BUBBLES ? (
            <Pill key="more">
              {t("+{{n}} more", { n: formatNumber(value.length - MAX_BUBBLES) })}
            </Pill>
          ) : null;
        }
        return (
          <Pill key={String(v)} withRemoveButton={!disabled} onRemove={onRemove}>
            {option.label}
          </Pill>
        );
      }}
    />
  );
}
