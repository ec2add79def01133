import type { ApiRow } from "../types";
import { signedIn } from "../types";

/**
 * The Gantt chart's timeline read (docs/gantt.md): anyone signed in, scoped to the tasks they
 * may see (the scoping itself is tested in tests/integration/gantt). Moves go through the task
 * PATCH and dependencies through /api/tasks/[id]/dependencies, whose rows are elsewhere.
 */
export const ganttRows: ApiRow[] = [
  { route: "/api/tasks/timeline", method: "GET", setup: async () => ({ path: "/api/tasks/timeline?from=2026-11-01&to=2026-12-01" }), expect: signedIn(200) },
];
