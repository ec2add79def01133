import { isAdminRole, type Role } from "@/lib/auth/roles";

/**
 * How a member's name and role are written, everywhere (header, profile, lists, dialogs).
 * Pure and client-safe.
 */

/** First letters of first and last name, upper-cased; "U" if neither exists. */
export function initials(firstName?: string | null, lastName?: string | null): string {
  const first = firstName?.trim().charAt(0) ?? "";
  const last = lastName?.trim().charAt(0) ?? "";
  const letters = `${first}${last}`.toUpperCase();
  return letters || "U";
}

export function fullName(firstName?: string | null, lastName?: string | null): string {
  return [firstName?.trim(), lastName?.trim()].filter(Boolean).join(" ");
}

/** "Admin" for admin; other roles are shown as they come (spec §3). */
export function roleLabel(role: Role | null | undefined): string {
  if (isAdminRole(role)) return "Admin";
  return role ?? "";
}

/** The members screens' wording: "Admin", "Manager", "Staff". */
export const memberRoleLabel = (role: string) => (isAdminRole(role) ? "Admin" : role.charAt(0).toUpperCase() + role.slice(1));
