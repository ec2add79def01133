import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { can } from "@/lib/auth/permissions";
import { db } from "@/lib/db";
import { HOME_VIEWS, type HomeView } from "@/lib/validations/auth";

export interface Preferences {
  homeView: HomeView;
}

/** Until a member chooses, `/` opens on the task list for those who oversee a department's work, on My day for everyone else. */
export function defaultHomeView(caller: Pick<Caller, "role">): HomeView {
  return can(caller.role, "dashboard.team") ? "task-list" : "my-day";
}

function read(caller: Pick<Caller, "role">, stored: unknown): Preferences {
  const value = stored && typeof stored === "object" ? (stored as Record<string, unknown>).homeView : undefined;
  return { homeView: HOME_VIEWS.includes(value as HomeView) ? (value as HomeView) : defaultHomeView(caller) };
}

/** GET /api/user/preferences (and the `/` page): the stored choice, else the role's default. */
export async function getPreferences(caller: Pick<Caller, "userId" | "role">): Promise<Preferences> {
  const user = await db.user.findUnique({ where: { id: caller.userId }, select: { preferences: true } });
  return read(caller, user?.preferences);
}

/**
 * PATCH /api/user/preferences. One statement merges the key into users.preferences (jsonb), so
 * two tabs saving different keys never overwrite each other; saving the same value again is harmless.
 */
export async function updatePreferences(caller: Pick<Caller, "userId" | "role">, input: Preferences): Promise<Preferences> {
  const rows = await db.$queryRaw<{ preferences: unknown }[]>`
    UPDATE users SET preferences = COALESCE(preferences, '{}'::jsonb) || jsonb_build_object('homeView', ${input.homeView}::text)
     WHERE id = ${caller.userId}::uuid
    RETURNING preferences`;
  return read(caller, rows[0]?.preferences);
}
