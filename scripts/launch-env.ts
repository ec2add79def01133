/**
 * The environment `npm start` / `npm run dev` give Next (scripts/launch.ts): the caller's, plus
 * the database, the auth secret and URL, and telemetry off. Next's anonymous telemetry would
 * otherwise phone home from every build and server start (and wait on a closed network).
 */
export function appEnv<E extends Record<string, string | undefined>>(
  base: E,
  app: { databaseUrl: string; authSecret: string; port: number },
): E & Record<"NEXT_TELEMETRY_DISABLED" | "DATABASE_URL" | "NEXTAUTH_SECRET" | "NEXTAUTH_URL", string> {
  return {
    ...base,
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: app.databaseUrl,
    NEXTAUTH_SECRET: app.authSecret,
    NEXTAUTH_URL: base.NEXTAUTH_URL ?? `http://localhost:${app.port}`,
  };
}
