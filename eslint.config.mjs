import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

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
    // every date format live in lib/dates, so nothing else makes its own Intl date formatter.
    ignores: ["lib/dates/**"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "Intl", property: "DateTimeFormat", message: "Format dates with a named formatter of lib/dates (docs/dates.md)." },
        { object: "Intl", property: "RelativeTimeFormat", message: "Format dates with a named formatter of lib/dates (docs/dates.md)." },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]",
          message: "Format dates with a named formatter of lib/dates (docs/dates.md).",
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
