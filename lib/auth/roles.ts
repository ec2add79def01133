/**
 * The roles themselves, apart from the permission table (./permissions.ts, which re-exports
 * them): what shows a member's role (the header's badge, names and labels) needs only these,
 * not the table, on every screen's first load.
 */

/** The three roles of a member (spec §2), in the order pickers list them. */
export const ROLES = ["admin", "manager", "staff"] as const;
/** A member's role. */
export type MemberRole = (typeof ROLES)[number];

/**
 * A clinic's user (docs/clinics.md): a principal that is not a member. It holds no member
 * permission (EVERYONE is the members' roles) and route() and the page guards refuse it
 * everywhere except the operations and pages declared for clinics.
 */
export const CLINIC_ROLE = "clinic" as const;
/** Every principal with an account: the members' roles and the clinic user. */
export const PRINCIPAL_ROLES = [...ROLES, CLINIC_ROLE] as const;
export type PrincipalRole = (typeof PRINCIPAL_ROLES)[number];
/**
 * The role a signed-in account has (the database's Role): a member's, or "clinic". Code that
 * reads a caller's role takes this; what only members may have uses MemberRole.
 */
export type Role = PrincipalRole;
export const isClinicRole = (role: string | null | undefined): boolean => role === CLINIC_ROLE;
/** Whether a principal is a member (admin, manager, staff), not a clinic user. */
export const isMemberRole = (role: string | null | undefined): role is MemberRole => (ROLES as readonly string[]).includes(role ?? "");

/**
 * Whether a role is the administrator role itself, for rules about the role rather than about
 * an action: "the last active administrator cannot be demoted", the "Admin" badge.
 */
export const isAdminRole = (role: string | null | undefined): boolean => role === "admin";
