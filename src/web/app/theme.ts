import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";
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

/**
 * Mantine's secondary ("dimmed") text and placeholders are grey 6 on white, 3.3:1: below WCAG
 * AA's 4.5:1 for body text. One shade darker in light mode (7:1) and lighter in dark mode.
 */
export const readableVariables: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": t.colors.gray[7],
    "--mantine-color-placeholder": t.colors.gray[6],
  },
  dark: {
    "--mantine-color-dimmed": t.colors.dark[1],
    "--mantine-color-placeholder": t.colors.dark[2],
  },
});
