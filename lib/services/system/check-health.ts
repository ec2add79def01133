import "server-only";

/**
 * Liveness: the process answers. It touches nothing else, so a database outage never makes a
 * load balancer or orchestrator kill healthy app instances; readiness (check-readiness.ts) is
 * what says whether to send traffic.
 */
export function checkHealth(): { ok: true } {
  return { ok: true };
}
