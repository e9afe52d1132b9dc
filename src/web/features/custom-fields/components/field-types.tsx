import {
  IconCalendar,
  IconForms,
  IconListCheck,
  IconMapPin,
  IconToggleLeft,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { CustomFieldType } from "../../../../domain/custom-fields.schemas";
import { tk } from "../../../i18n";

interface FieldTypeInfo {
  label: string;
  description: string;
  icon: (size: number) => ReactNode;
  color: string;
}

/** How each custom field type is named and explained on screen (keys for t()). */
export const FIELD_TYPES: Record<CustomFieldType, FieldTypeInfo> = {
  string: {
    label: tk("Text"),
    description: tk("Any short text, up to 500 characters"),
    icon: (size) => <IconForms size={size} />,
    color: "blue",
  },
  boolean: {
    label: tk("True / False"),
    description: tk("A yes-or-no answer"),
    icon: (size) => <IconToggleLeft size={size} />,
    color: "teal",
  },
  date: {
    label: tk("Date"),
    description: tk("A day, such as a birthday or renewal date"),
    icon: (size) => <IconCalendar size={size} />,
    color: "orange",
  },
  multi_select: {
    label: tk("Multi-select"),
    description: tk("One or more choices from a list you define"),
    icon: (size) => <IconListCheck size={size} />,
    color: "grape",
  },
  address: {
    label: tk("Address"),
    description: tk("Street, city, state and zip"),
    icon: (size) => <IconMapPin size={size} />,
    color: "pink",
  },
};
