/**
 * Next 16 calls register() once when a server instance starts, before it serves requests.
 * On the Node runtime it checks the production settings, then starts the background job runner
 * (lib/jobs, pg-boss). The runner is not awaited: a database that is still coming up must not
 * keep the server from answering (health checks report it); the runner logs its own failure.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // A production start without a strong NEXTAUTH_SECRET or with a malformed APP_URL/NEXTAUTH_URL
  // stops here with one sentence (lib/boot-checks.ts), before any request: the case of a bare
  // `next start` (npm start's launcher and scripts/server.ts check before Next starts).
  const { exitOnProductionConfigProblem } = await import("@/lib/boot-checks");
  exitOnProductionConfigProblem();
  const { jobsEnabled, startJobRunner } = await import("@/lib/jobs/runner");
  if (!jobsEnabled() || !process.env.DATABASE_URL) return;
  startJobRunner().catch((error: unknown) => {
    console.error(JSON.stringify({ level: "error", source: "jobs", event: "start failed", message: error instanceof Error ? error.message : String(error) }));
  });
}
