import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/** lib/<domain> folders of pure code, run by the server and the browser alike (docs/architecture.md). */
const PURE_LIB_FOLDERS = [
  "accountability",
  "alerts",
  "api-client",
  "assistant",
  "beta-issues",
  "billing",
  "calendar",
  "cases",
  "dates",
  "gantt",
  "members",
  "pay",
  "notifications",
  "offline",
  "org",
  "processes",
  "projects",
  "punch",
  "queries",
  "recurrence",
  "reports",
  "runs",
  "schedule",
  "search",
  "shortcuts",
  "system",
  "task-comments",
  "tasks",
  "time",
  "validations",
  "vendors",
];

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // useTestDatabase() registers jest hooks and Playwright fixtures call `use`: neither is a React hook.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**/*.ts", "e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Dates are written in one place (docs/dates.md): the business time zone, days, weeks and
    // every date format live in lib/dates, so nothing else makes its own Intl date formatter,
    // takes a zone with @date-fns/tz, or reads a calendar day off an ISO string (the UTC day:
    // already tomorrow on a Chicago evening).
    ignores: ["lib/dates/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "@date-fns/tz", message: "Zoned date arithmetic lives in lib/dates (instants.ts, day-time.ts): add a named function there (docs/dates.md)." }],
          patterns: [{ group: ["@date-fns/tz/*"], message: "Zoned date arithmetic lives in lib/dates (docs/dates.md)." }],
        },
      ],
      "no-restricted-properties": [
        "error",
        { object: "Intl", property: "DateTimeFormat", message: "Format dates with a named formatter of lib/dates (docs/dates.md)." },
        { object: "Intl", property: "RelativeTimeFormat", message: "Format dates with a named formatter of lib/dates (docs/dates.md)." },
      ],
      "no-restricted-syntax": [
        "error",
        {
          // toLocaleString too: on a Date it shows the viewer's own zone and locale, not the business
          // zone; counts go through formatCount (lib/numbers.ts).
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
          message: "Format dates with a named formatter of lib/dates (docs/dates.md), counts with formatCount (lib/numbers.ts).",
        },
        {
          selector:
            "CallExpression[callee.object.callee.property.name='toISOString'][callee.property.name=/^(slice|substring|substr)$/][arguments.0.value=0][arguments.1.value=10], CallExpression[callee.object.callee.property.name='toISOString'][callee.property.name='split'][arguments.0.value='T']",
          message:
            "An ISO string's day is the UTC day, not the business day: use businessToday()/dateKeyOf() for an instant, dateKeyOfDateColumn() for a DATE column (lib/dates, docs/dates.md).",
        },
      ],
    },
  },
  // The layers (docs/architecture.md, "Imports point down"): app -> components -> lib, never back;
  // lib/queries (the browser's hooks) never reaches the services, not even for a type.
  {
    files: ["**/*.{js,jsx,mjs,ts,tsx,mts,cts}"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./lib", from: "./app", message: "lib/ sits below app/: move the shared code into lib/." },
            { target: "./lib", from: "./components", message: "lib/ sits below components/: move the shared code into lib/." },
            { target: "./components", from: "./app", message: "components/ sits below app/: move the shared code into components/ or lib/." },
            { target: "./lib/queries", from: "./lib/services", message: "Client hooks take their types from lib/validations or the pure lib/<domain>, never from the services." },
          ],
        },
      ],
    },
  },
  // Screens never reach the server's code: services and the database only as types.
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/services/*", "@/lib/db"],
              allowTypeImports: true,
              message: "Components load data through lib/queries (the API), never a service or the database (type imports aside).",
            },
          ],
        },
      ],
    },
  },
  // The pure lib/<domain> code runs in the browser too: no database, no server-only module,
  // no service; Prisma's generated code only as types (its enums come from lib/generated/prisma/enums).
  {
    files: [
      ...PURE_LIB_FOLDERS.map((folder) => `lib/${folder}/**/*.{ts,tsx}`),
      "lib/**/contracts.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "server-only", message: "Pure lib/<domain> code runs in the browser too: server code goes in lib/services/<domain>." }],
          patterns: [
            {
              group: ["@/lib/services/*", "@/lib/db", "@/lib/generated/prisma/client", "@/lib/generated/prisma/internal/*", "@prisma/client", "@prisma/client/*"],
              allowTypeImports: true,
              message: "Pure lib/<domain> code runs in the browser too: no database or service (type imports aside); move the shared rule or constant into the pure folder.",
            },
          ],
        },
      ],
    },
  },
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".data/**",
      "lib/generated/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
];

export default config;
