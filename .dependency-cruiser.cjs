// Boundaries checked by `npm run lint` (dependency-cruiser). Paths match with or without a leading folder, so
// the fixture under scripts/boundaries-fixture/ is judged by the same rules (scripts/boundaries.test.mjs).
const APP = "(^|/)apps/(server|web)/src/";
const FEATURE_FOLDER = `${APP}features/[^/]+$`;
const SERVER = "(^|/)apps/server/src/";

// Known, to be moved to the feature's index.ts: an import of another web feature's internals left by issue 16's form
// work. Each pair is one exact import; delete it once that import goes through an index.
const KNOWN_WEB_INTERNAL_IMPORTS = [["onboarding/onboarding-gate.tsx", "auth/session.ts"]].map(([from, to]) => ({
  type: "dependency",
  from: `apps/web/src/features/${from}`,
  to: `apps/web/src/features/${to}`,
  rule: { name: "feature-public-surface", severity: "error" },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A module must not import itself back through others (types naming each other are fine).",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "no-feature-cycles",
      severity: "error",
      comment: "Features depend on each other in one direction: move what both need to a shared folder.",
      scope: "folder",
      from: { path: FEATURE_FOLDER },
      to: { path: FEATURE_FOLDER, circular: true },
    },
    {
      name: "feature-public-surface",
      severity: "error",
      comment: "Another feature is reached only through its index.ts, which names what it offers.",
      from: { path: `${APP}features/([^/]+)/` },
      to: {
        path: "(^|/)apps/$2/src/features/[^/]+/",
        pathNot: ["(^|/)apps/$2/src/features/$3/", "(^|/)apps/$2/src/features/[^/]+/index\\.tsx?$"],
      },
    },
    {
      name: "shared-imports-no-feature",
      severity: "error",
      comment: "Shared folders sit below the features: they must not import one.",
      from: { path: `${APP}(shared|infra|db|components|lib)/` },
      to: { path: `${APP}features/` },
    },
    {
      name: "sql-only-in-repositories",
      severity: "error",
      comment:
        "Query-builder code (kysely's sql tag and builders) lives in *.repository.ts, db/ and migrations; " +
        "services call repository methods. Types (a transaction passed between repository calls) are fine.",
      from: { path: SERVER, pathNot: [`${SERVER}db/`, "\\.repository\\.ts$"] },
      to: { path: "(^|/)node_modules/kysely/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "database-handle-in-composition",
      severity: "error",
      comment: "The database handle goes from the context to repositories through the composition root only.",
      from: {
        path: SERVER,
        pathNot: [`${SERVER}(db/|context\\.ts$|composition\\.ts$|main\\.ts$|cli\\.ts$)`, "\\.repository\\.ts$"],
      },
      to: { path: `${SERVER}db/database\\.ts$` },
    },
    {
      name: "core-imports-no-app",
      severity: "error",
      comment: "@quire/core is shared by server and web: it depends on neither.",
      from: { path: "(^|/)packages/core/" },
      to: { path: "(^|/)apps/" },
    },
    {
      name: "web-imports-no-server",
      severity: "error",
      comment: "The browser bundle talks to the server over HTTP only; shared shapes come from @quire/core.",
      from: { path: "(^|/)apps/web/" },
      to: { path: "(^|/)apps/server/" },
    },
  ],
  options: {
    knownViolations: KNOWN_WEB_INTERNAL_IMPORTS,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    // Tests may reach into any feature to set up and inspect state; the rules are about the shipped code.
    exclude: {
      path: ["\\.test\\.tsx?$", "(^|/)apps/server/test/", "(^|/)apps/web/src/test/"],
    },
    doNotFollow: { path: "node_modules" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
