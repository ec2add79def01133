import type { TaskFactoryInput } from "@/prisma/factories";
import { ownersTask } from "../fixtures";
import { signedIn, type ApiRow, type SetupContext } from "../types";

/**
 * Recurring tasks (docs/recurrence.md). A series is a task with isRecurring, created by the staff
 * owner in the department. Reading follows task visibility (a private series is seen by its
 * creator and admins only: 404 for the rest); pause, resume and end follow the task edit rights
 * (creator, assignee and team, the department's managers, admins: 403 for other staff).
 */
const editors = { otherStaff: 403 } as const;
const privateSeries = { otherStaff: 404, manager: 404 } as const;

/** A daily series of the staff owner's. */
const ownersSeries = (ctx: SetupContext, overrides: Partial<TaskFactoryInput> = {}) =>
  ownersTask(ctx, { isRecurring: true, recurringPattern: "daily", ...overrides });

const seriesPath = async (ctx: SetupContext, tail: string, overrides: Partial<TaskFactoryInput> = {}) => ({
  path: `/api/recurring-tasks/${(await ownersSeries(ctx, overrides)).id}${tail}`,
});

export const recurrenceRows: ApiRow[] = [
  { route: "/api/recurring-tasks", method: "GET", expect: signedIn(200) },
  { route: "/api/recurring-tasks/[id]", method: "GET", case: "public series", setup: (ctx) => seriesPath(ctx, ""), expect: signedIn(200) },
  {
    route: "/api/recurring-tasks/[id]",
    method: "GET",
    case: "private series",
    setup: (ctx) => seriesPath(ctx, "", { isPrivate: true }),
    expect: signedIn(200, privateSeries),
  },
  {
    route: "/api/recurring-tasks/[id]",
    method: "GET",
    case: "a task that is not a series",
    setup: async (ctx) => ({ path: `/api/recurring-tasks/${(await ownersTask(ctx)).id}` }),
    expect: signedIn(404),
  },
  {
    route: "/api/recurring-tasks/preview",
    method: "POST",
    setup: async () => ({ body: { dueDate: new Date(Date.now() + 86_400_000).toISOString(), recurringPattern: "weekly", recurringDaysOfWeek: [1, 3] } }),
    expect: signedIn(200),
  },
  { route: "/api/recurring-tasks/[id]/pause", method: "POST", case: "public series", setup: (ctx) => seriesPath(ctx, "/pause"), expect: signedIn(200, editors) },
  {
    route: "/api/recurring-tasks/[id]/pause",
    method: "POST",
    case: "private series",
    setup: (ctx) => seriesPath(ctx, "/pause", { isPrivate: true }),
    expect: signedIn(200, privateSeries),
  },
  {
    route: "/api/recurring-tasks/[id]/resume",
    method: "POST",
    case: "paused public series",
    setup: (ctx) => seriesPath(ctx, "/resume", { recurrencePausedAt: new Date() }),
    expect: signedIn(200, editors),
  },
  {
    route: "/api/recurring-tasks/[id]/resume",
    method: "POST",
    case: "paused private series",
    setup: (ctx) => seriesPath(ctx, "/resume", { isPrivate: true, recurrencePausedAt: new Date() }),
    expect: signedIn(200, privateSeries),
  },
  { route: "/api/recurring-tasks/[id]/end", method: "POST", case: "public series", setup: (ctx) => seriesPath(ctx, "/end"), expect: signedIn(200, editors) },
  {
    route: "/api/recurring-tasks/[id]/end",
    method: "POST",
    case: "private series",
    setup: (ctx) => seriesPath(ctx, "/end", { isPrivate: true }),
    expect: signedIn(200, privateSeries),
  },
  {
    route: "/api/recurring-tasks/[id]/occurrences",
    method: "GET",
    case: "public series",
    setup: (ctx) => seriesPath(ctx, "/occurrences"),
    expect: signedIn(200),
  },
  {
    route: "/api/recurring-tasks/[id]/occurrences",
    method: "GET",
    case: "private series",
    setup: (ctx) => seriesPath(ctx, "/occurrences", { isPrivate: true }),
    expect: signedIn(200, privateSeries),
  },
];
