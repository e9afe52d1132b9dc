// Module boundaries of the server, checked by `npm run lint` (scripts/check-boundaries.mjs).
// A server feature (src/server/features/<area>/) owns its tables (<area>.schema.ts) and its SQL
// (*.queries.ts); another feature never imports either. It calls the owner's *.service.ts, or
// takes what the owner publishes in its public surface <area>.public.ts (service functions, types,
// and the tables it agrees to be joined on, read-only). Violations that predate the rules are
// listed in .dependency-cruiser-known-violations.json, which may only shrink (it is empty now).

const FEATURE = "^src/server/features/([^/]+)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "feature-not-to-other-feature-queries",
      severity: "error",
      comment:
        "A feature may not import another feature's *.queries.ts: that SQL is the other " +
        "feature's own. Call a function exported from its *.service.ts (or its *.public.ts) " +
        "instead; add one if none fits, or move the code to the feature that owns the table. " +
        "See docs/ARCHITECTURE.md, 'Feature boundaries'.",
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
        "them through that feature's *.service.ts. A query that must join another feature's " +
        "table to read it takes the table from that feature's <area>.public.ts, where the owner " +
        "re-exports it for read-only joins; writes always go through the owner's service. Only " +
        "schema files may import other schema files, for foreign keys. See " +
        "docs/ARCHITECTURE.md, 'Feature boundaries'.",
      from: { path: FEATURE, pathNot: ["\\.test\\.tsx?$", "\\.schema\\.ts$"] },
      to: {
        path: "^src/server/features/[^/]+/.+\\.schema\\.ts$",
        pathNot: "^src/server/features/$1/",
      },
    },
    {
      name: "public-surface-of-own-feature-only",
      severity: "error",
      comment:
        "A feature's *.public.ts publishes that feature's own service functions, types and " +
        "tables: it may not re-export another feature's modules (that would open the other " +
        "feature's tables or SQL through a side door). See docs/ARCHITECTURE.md, 'Feature " +
        "boundaries'.",
      from: { path: "^src/server/features/([^/]+)/[^/]+\\.public\\.ts$" },
      to: {
        path: "^src/server/features/",
        pathNot: "^src/server/features/$1/",
      },
    },
    {
      name: "public-surface-not-to-queries",
      severity: "error",
      comment:
        "A feature's *.public.ts may not re-export its own *.queries.ts: other features call " +
        "the SQL through a function of the feature's *.service.ts, where its rules are kept. " +
        "Tables (read-only joins), types and service functions are what a public file holds. " +
        "See docs/ARCHITECTURE.md, 'Feature boundaries'.",
      from: { path: "^src/server/features/([^/]+)/[^/]+\\.public\\.ts$" },
      to: { path: "^src/server/features/$1/.+\\.queries\\.ts$" },
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
