// Module boundaries of the server, checked by `npm run lint` (scripts/check-boundaries.mjs).
// A server feature (src/server/features/<area>/) owns its tables (<area>.schema.ts) and its SQL
// (*.queries.ts); another feature calls its service instead. Violations that predate the rule are
// listed in .dependency-cruiser-known-violations.json, which may only shrink.

const FEATURE = "^src/server/features/([^/]+)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "feature-not-to-other-feature-queries",
      severity: "error",
      comment:
        "A feature may not import another feature's *.queries.ts: that SQL is the other " +
        "feature's own. Call a function exported from its *.service.ts instead (add one if " +
        "none fits). See docs/ARCHITECTURE.md, 'Feature boundaries'.",
      from: { path: FEATURE, pathNot: "\\.test\\.tsx?$" },
      to: {
        path: "^src/server/features/[^/]+/.+\\.queries\\.ts$",
        pathNot: "^src/server/features/$1/",
      },
    },
    {
      name: "feature-not-to-other-feature-schema",
      severity: "error",
      comment:
        "A feature may not import another feature's *.schema.ts (its tables): read and write " +
        "them through that feature's *.service.ts. Only schema files may import other schema " +
        "files, for foreign keys. See docs/ARCHITECTURE.md, 'Feature boundaries'.",
      from: { path: FEATURE, pathNot: ["\\.test\\.tsx?$", "\\.schema\\.ts$"] },
      to: {
        path: "^src/server/features/[^/]+/.+\\.schema\\.ts$",
        pathNot: "^src/server/features/$1/",
      },
    },
    {
      name: "not-to-schema-aggregate",
      severity: "error",
      comment:
        "src/server/db/schema.ts only gathers every table for drizzle-kit and db/connection.ts. " +
        "Import a table from the schema file of the feature that owns it " +
        "(src/server/features/<area>/<area>.schema.ts).",
      from: { pathNot: "^src/server/db/connection\\.ts$" },
      to: { path: "^src/server/db/schema\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: "^src/",
    // Type-only imports count too: a type of another feature's table couples to it all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    cache: false,
  },
};
