/**
 * Next 16 calls register() once when a server instance starts, before it serves requests.
 * On the Node runtime it starts the background job runner (lib/jobs, pg-boss). It is not
 * awaited: a database that is still coming up must not keep the server from answering
 * (health checks report it); the runner logs its own failure.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { jobsEnabled, startJobRunner } = await import("@/lib/jobs/runner");
  if (!jobsEnabled() || !process.env.DATABASE_URL) return;
  startJobRunner().catch((error: unknown) => {
    console.error(JSON.stringify({ level: "error", source: "jobs", event: "start failed", message: error instanceof Error ? error.message : String(error) }));
  });
}
