import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { parseCaseNumber } from "@/lib/cases/case-number";
import { parsePickupNumber } from "@/lib/clinics/pickup-number";
import { db, type Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/app-error";
import { verifyLabelToken } from "./tokens";
import { isClinicRole } from "@/lib/auth/permissions";

export const CASE_NOT_FOUND = "Case not found";

/** Matches no row: a clinic caller that names no clinic (never built by resolveCaller). */
const NO_CLINIC = "00000000-0000-0000-0000-000000000000";

/**
 * The cases a caller may read: every signed-in member reads every case (the scan stations are
 * shared work); a clinic user (docs/clinics.md) only its own clinic's. One builder, so every
 * reference (id, number, label token, tag serial) of another clinic's case is the same 404 as a
 * wrong one.
 */
export function visibleCaseWhere(caller: Pick<Caller, "userId" | "role" | "clinicVendorId">): Prisma.MemorialCaseWhereInput {
  if (isClinicRole(caller.role)) return { clinicVendorId: caller.clinicVendorId ?? NO_CLINIC };
  return {};
}

/**
 * The case a path's `{number}` names: a case number (C-2026-00042, any case), a signed label
 * token (the label's QR), or the metal tag serial of an open case. Anything else: 404.
 */
export async function resolveCaseRef(caller: Pick<Caller, "userId" | "role" | "clinicVendorId">, ref: string, client: Db = db): Promise<{ id: string; number: string }> {
  // The router has decoded the segment and route() has parsed it (lib/http/path-params.ts): decoding
  // it again would turn a tag serial's "%" into a URIError.
  const text = String(ref ?? "").trim();
  if (!text || text.length > 200) throw notFound(CASE_NOT_FOUND);
  const visible = visibleCaseWhere(caller);
  const parsed = parseCaseNumber(text);
  const fromLabel = parsed ? null : verifyLabelToken(text);
  // A clinic's pickup label (docs/clinics.md) names its pickup request: once picked up, its case.
  const fromPickup = fromLabel ? parsePickupNumber(fromLabel) : null;
  if (fromPickup) {
    const picked = await client.pickupRequest.findUnique({ where: { number: fromPickup.number }, select: { case: { select: { number: true } } } });
    if (!picked?.case) throw notFound(CASE_NOT_FOUND);
    const row = await client.memorialCase.findFirst({ where: { ...visible, number: picked.case.number }, select: { id: true, number: true } });
    if (!row) throw notFound(CASE_NOT_FOUND);
    return row;
  }
  const number = parsed?.number ?? (fromLabel ? parseCaseNumber(fromLabel)?.number : null);
  const row = number
    ? await client.memorialCase.findFirst({ where: { ...visible, number }, select: { id: true, number: true } })
    : await client.memorialCase.findFirst({ where: { ...visible, tagSerial: text, status: "open" }, select: { id: true, number: true } });
  if (!row) throw notFound(CASE_NOT_FOUND);
  return row;
}
