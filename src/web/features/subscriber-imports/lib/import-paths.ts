/** The import screens' routes (spec doc 1 §2). */
export const IMPORT_PATHS = {
  import: "/subscribers/import",
  options: "/subscribers/import/advanced-options",
  history: "/subscribers/import/history",
} as const;
