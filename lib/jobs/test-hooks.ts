import "server-only";

/**
 * The test hook (POST /api/test-hooks/jobs/{name}) runs a job on demand, with a moved clock.
 * Off in production unless ENABLE_TEST_HOOKS=true (the Playwright server sets it); on in
 * development and tests. Admins only either way.
 */
export function testHooksEnabled(): boolean {
  if (process.env.ENABLE_TEST_HOOKS === "true") return true;
  if (process.env.ENABLE_TEST_HOOKS === "false") return false;
  return process.env.NODE_ENV !== "production";
}
