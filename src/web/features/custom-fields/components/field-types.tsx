import {
  IconCalendar,
  IconForms,
  IconListCheck,
  IconMapPin,
  IconToggleLeft,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { CustomFieldType } from "../../../../domain/custom-fields.schemas";

interface FieldTypeInfo {
  label: string;
  description: string;
  icon: (size: number) => ReactNode;
  color: string;
}

/** How each custom field type is named and explained on screen. */
export const FIELD_TYPES: Record<CustomFieldType, FieldTypeInfo> = {
  string: {
    label: "Text",
    description: "Any short text, up to 500 characters",
    icon: (size) => <IconForms size={size} />,
    color: "blue",
  },
  boolean: {
    label: "True / False",
    description: "A yes-or-no answer",
    icon: (size) => <IconToggleLeft size={size} />,
    color: "teal",
  },
  date: {
    label: "Date",
    description: "A day, such as a birthday or renewal date",
    icon: (size) => <IconCalendar size={size} />,
    color: "orange",
  },
  multi_select: {
    label: "Multi-select",
    description: "One or more choices from a list you define",
    icon: (size) => <IconListCheck size={size} />,
    color: "grape",
  },
  address: {
    label: "Address",
    description: "Street, city, state and zip",
    icon: (size) => <IconMapPin size={size} />,
    color: "pink",
  },
};
