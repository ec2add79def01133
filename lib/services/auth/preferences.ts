import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { can } from "@/lib/auth/permissions";
import { db } from "@/lib/db";
import { HOME_VIEWS, TASK_LIST_DENSITIES, type HomeView, type TaskListDensity } from "@/lib/validations/auth";
import type { z } from "zod";
import type { preferencesSchema } from "@/lib/validations/auth";

export type Preferences = z.input<typeof preferencesSchema>;

/** Until a member chooses, `/` opens on the task list for those who oversee a department's work, on My day for everyone else. */
export function defaultHomeView(caller: Pick<Caller, "role">): HomeView {
  return can(caller.role, "dashboard.team") ? "task-list" : "my-day";
}

function read(caller: Pick<Caller, "role">, stored: unknown): Preferences {
  const values = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  return {
    homeView: HOME_VIEWS.includes(values.homeView as HomeView) ? (values.homeView as HomeView) : defaultHomeView(caller),
    taskListDensity: TASK_LIST_DENSITIES.includes(values.taskListDensity as TaskListDensity) ? (values.taskListDensity as TaskListDensity) : "comfortable",
  };
}

/** GET /api/user/preferences (and the `/` page): the stored choice, else the role's default. */
export async function getPreferences(caller: Pick<Caller, "userId" | "role">): Promise<Preferences> {
  const user = await db.user.findUnique({ where: { id: caller.userId }, select: { preferences: true } });
  return read(caller, user?.preferences);
}

/**
 * PATCH /api/user/preferences. One statement merges the keys sent into users.preferences (jsonb),
 * so two tabs saving different keys never overwrite each other; saving the same value again is harmless.
 */
export async function updatePreferences(caller: Pick<Caller, "userId" | "role">, input: Partial<Preferences>): Promise<Preferences> {
  const changes: Partial<Preferences> = {};
  if (input.homeView !== undefined) changes.homeView = input.homeView;
  if (input.taskListDensity !== undefined) changes.taskListDensity = input.taskListDensity;
  const rows = await db.$queryRaw<{ preferences: unknown }[]>`
    UPDATE users SET preferences = COALESCE(preferences, '{}'::jsonb) || ${JSON.stringify(changes)}::jsonb
     WHERE id = ${caller.userId}::uuid
    RETURNING preferences`;
  return read(caller, rows[0]?.preferences);
}
