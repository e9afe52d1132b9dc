import { createTheme, type MantineColorsTuple } from "@mantine/core";
import modalClasses from "./modal.module.css";

// One brand colour: an indigo-violet that reads well on white and on dark surfaces.
const brand: MantineColorsTuple = [
  "#efedff",
  "#dcd8ff",
  "#b6aeff",
  "#8d81fd",
  "#6b5cfb",
  "#5645fa",
  "#4c3fe0",
  "#3d31c8",
  "#342ab3",
  "#29219e",
];

export const theme = createTheme({
  primaryColor: "brand",
  colors: { brand },
  primaryShade: { light: 6, dark: 4 },
  defaultRadius: "md",
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: "700" },
  cursorType: "pointer",
  components: {
    // Below 1024 px modals open as bottom sheets (spec doc 1 §2).
    Modal: { classNames: modalClasses, defaultProps: { centered: true } },
    Tooltip: { defaultProps: { maw: 298, multiline: true } },
  },
});
