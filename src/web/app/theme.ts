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
  // Filled badges and buttons pick black or white text by their colour's luminance (white on
  // green or yellow fails WCAG AA).
  autoContrast: true,
  components: {
    // A table column squeezes a badge to "RUNNI…"; a status word is short and keeps its width.
    Badge: { styles: { root: { minWidth: "max-content" } } },
    // Links inside text must differ from it by more than colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: "always" } },
    // The eye dropper is an unnamed icon button (Chromium only): the hex field and swatches remain.
    ColorInput: { defaultProps: { withEyeDropper: false } },
    // Below 1024 px modals open as bottom sheets (spec doc 1 §2).
    Modal: { classNames: modalClasses, defaultProps: { centered: true } },
    Tooltip: { defaultProps: { maw: 298, multiline: true } },
  },
});

/**
 * Contrast to WCAG AA (4.5:1 for text). Mantine's secondary ("dimmed") text and placeholders are
 * grey 6 on white, 3.3:1: one shade darker in light mode, lighter in dark mode. Light badges and
 * alerts write shade 9 on shade 0 of their colour, 2.7:1 for yellow and 3.6:1 for orange: their
 * text is darkened by a third, which keeps the hue; outline ones likewise.
 */
export const readableVariables: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": t.colors.gray[7],
    "--mantine-color-placeholder": `color-mix(in srgb, ${t.colors.gray[6]}, ${t.colors.gray[7]})`,
    ...Object.fromEntries(
      Object.keys(t.colors).flatMap((c) => [
        [
          `--mantine-color-${c}-light-color`,
          `color-mix(in srgb, var(--mantine-color-${c}-9), black 35%)`,
        ],
        // Outline badges and buttons: shade 6 on white is 3.5:1 for blue.
        [
          `--mantine-color-${c}-outline`,
          `color-mix(in srgb, var(--mantine-color-${c}-9), black 20%)`,
        ],
      ]),
    ),
  },
  dark: {
    "--mantine-color-dimmed": t.colors.dark[1],
    "--mantine-color-placeholder": t.colors.dark[2],
  },
});
