/**
 * What global-setup hands to the test workers: the Postgres server and the migrated template
 * database that every test file clones. Passed through environment variables, which jest's
 * workers inherit from the parent process (they are started after global setup).
 */
export const SERVER_URL_ENV = "BFS_TEST_DB_SERVER_URL";
export const TEMPLATE_ENV = "BFS_TEST_DB_TEMPLATE";

export interface HarnessInfo {
  /** URL of the server's `postgres` database, used for CREATE/DROP DATABASE. */
  serverUrl: string;
  /** The migrated template database. */
  template: string;
}

export function readHarnessInfo(): HarnessInfo {
  const serverUrl = process.env[SERVER_URL_ENV];
  const template = process.env[TEMPLATE_ENV];
  if (!serverUrl || !template) {
    throw new Error(`${SERVER_URL_ENV}/${TEMPLATE_ENV} are not set: run tests through jest, whose globalSetup sets them.`);
  }
  return { serverUrl, template };
}

/** The same server URL pointing at another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}
