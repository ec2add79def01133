import { ownersTask } from "../fixtures";
import type { ApiRow } from "../types";
import { signedIn } from "../types";

/**
 * The Gantt chart's timeline read (docs/gantt.md): anyone signed in, scoped to the tasks they
 * may see (the scoping itself is tested in tests/integration/gantt). Moves go through the task
 * PATCH and dependencies through /api/tasks/[id]/dependencies, whose rows are elsewhere; the
 * Undo of a shift sets several tasks' dates at once, for those who may edit every one of them
 * (a private task answers 404 to whoever may not see it).
 */
export const ganttRows: ApiRow[] = [
  { route: "/api/tasks/timeline", method: "GET", setup: async () => ({ path: "/api/tasks/timeline?from=2026-11-01&to=2026-12-01" }), expect: signedIn(200) },
  {
    route: "/api/tasks/timeline/dates",
    method: "PUT",
    setup: async (ctx) => ({ body: { tasks: [{ id: (await ownersTask(ctx)).id, startDate: "2026-12-21T06:00:00.000Z", dueDate: "2026-12-22T05:59:00.000Z" }] } }),
    expect: signedIn(200, { otherStaff: 403 }),
  },
  {
    route: "/api/tasks/timeline/dates",
    method: "PUT",
    case: "private task",
    setup: async (ctx) => ({ body: { tasks: [{ id: (await ownersTask(ctx, { isPrivate: true })).id, startDate: null, dueDate: "2026-12-22T05:59:00.000Z" }] } }),
    expect: signedIn(200, { otherStaff: 404, manager: 404 }),
  },
];
