/** Where the Playwright run keeps its own database: TEST_DATABASE_URL's server, else the embedded one. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** ALLOWED_EMAIL_DOMAINS of the e2e server: addresses here register without a code (docs/auth.md). */
export const E2E_COMPANY_DOMAIN = "bfspets.example";
export const EMBEDDED_TEST_PG_PORT = Number(process.env.EMBEDDED_TEST_PG_PORT ?? 54330);

export function e2eServerUrl(): string | null {
  return process.env.TEST_DATABASE_URL ?? null;
}

export function e2eDatabaseUrl(): string {
  const server = e2eServerUrl() ?? `postgresql://postgres:postgres@127.0.0.1:${EMBEDDED_TEST_PG_PORT}/postgres`;
  const url = new URL(server);
  url.pathname = `/${process.env.E2E_DB_NAME ?? "bfs_e2e"}`;
  return url.toString();
}
