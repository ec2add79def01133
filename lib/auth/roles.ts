/**
 * The roles themselves, apart from the permission table (./permissions.ts, which re-exports
 * them): what shows a member's role (the header's badge, names and labels) needs only these,
 * not the table, on every screen's first load.
 */

/** The three roles of a member (spec §2), in the order pickers list them. */
export const ROLES = ["admin", "manager", "staff"] as const;
export type Role = (typeof ROLES)[number];

/**
 * Whether a role is the administrator role itself, for rules about the role rather than about
 * an action: "the last active administrator cannot be demoted", the "Admin" badge.
 */
export const isAdminRole = (role: string | null | undefined): boolean => role === "admin";
