import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { parseCaseNumber } from "@/lib/cases/case-number";
import { db, type Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/app-error";
import { verifyLabelToken } from "./tokens";

export const CASE_NOT_FOUND = "Case not found";

/**
 * The cases a caller may read: every signed-in member reads every case (the scan stations are
 * shared work). One builder all the same, so a later rule (e.g. by location) lands everywhere.
 */
export function visibleCaseWhere(caller: Pick<Caller, "userId" | "role">): Prisma.MemorialCaseWhereInput {
  void caller;
  return {};
}

/**
 * The case a path's `{number}` names: a case number (C-2026-00042, any case), a signed label
 * token (the label's QR), or the metal tag serial of an open case. Anything else: 404.
 */
export async function resolveCaseRef(caller: Pick<Caller, "userId" | "role">, ref: string, client: Db = db): Promise<{ id: string; number: string }> {
  // The router has decoded the segment and route() has parsed it (lib/http/path-params.ts): decoding
  // it again would turn a tag serial's "%" into a URIError.
  const text = String(ref ?? "").trim();
  if (!text || text.length > 200) throw notFound(CASE_NOT_FOUND);
  const visible = visibleCaseWhere(caller);
  const parsed = parseCaseNumber(text);
  const fromLabel = parsed ? null : verifyLabelToken(text);
  const number = parsed?.number ?? (fromLabel ? parseCaseNumber(fromLabel)?.number : null);
  const row = number
    ? await client.memorialCase.findFirst({ where: { ...visible, number }, select: { id: true, number: true } })
    : await client.memorialCase.findFirst({ where: { ...visible, tagSerial: text, status: "open" }, select: { id: true, number: true } });
  if (!row) throw notFound(CASE_NOT_FOUND);
  return row;
}
