import "server-only";
import { notFound, redirect } from "next/navigation";
import { getSessionCaller } from "@/lib/auth/next-auth";
import { can, isClinicRole, type Permission } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { AppError } from "@/lib/http/app-error";

/**
 * The server check behind every signed-in page (proxy.ts redirects first; this holds even if
 * the proxy is bypassed or the session ended since the cookie was issued): no caller goes to /.
 */
export async function requireSignedInPage(): Promise<Caller> {
  const caller = await getSessionCaller();
  if (!caller) redirect("/");
  // A clinic user is not a member (docs/clinics.md): no staff page, whatever it asks for.
  if (isClinicRole(caller.role)) redirect("/");
  return caller;
}

/** The clinic portal's pages (/clinic): a clinic user only; a member goes to /. */
export async function requireClinicPage(): Promise<Caller & { clinicVendorId: string }> {
  const caller = await getSessionCaller();
  if (!caller) redirect("/");
  if (!can(caller, "clinic.portal") || !caller.clinicVendorId) redirect("/");
  return caller as Caller & { clinicVendorId: string };
}

/** As requireSignedInPage, and a caller whose role lacks the permission goes to / as well. */
export async function requirePagePermission(permission: Permission): Promise<Caller> {
  const caller = await requireSignedInPage();
  if (!can(caller, permission)) redirect("/");
  return caller;
}

/**
 * A detail page's read through the API's own service: a NOT_FOUND (missing, or not the caller's to
 * see, which the services answer alike) renders the 404 page with HTTP status 404.
 */
export async function readOrNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}
