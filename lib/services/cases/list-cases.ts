import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ListCasesQuery } from "@/lib/validations/cases";
import { visibleCaseWhere } from "./case-access";
import { caseSummarySelect, toCaseSummary } from "./case-shape";

/** GET /api/cases: newest first, filtered by status, station, service type and a search word. */
export async function listCases(caller: Caller, query: ListCasesQuery) {
  const q = query.q?.trim();
  const where: Prisma.MemorialCaseWhereInput = {
    ...visibleCaseWhere(caller),
    ...(query.status === "all" ? {} : { status: query.status }),
    ...(query.station ? { currentStation: query.station } : {}),
    ...(query.serviceType ? { serviceType: query.serviceType } : {}),
    ...(q
      ? {
          OR: [
            { number: { contains: q, mode: "insensitive" } },
            { petName: { contains: q, mode: "insensitive" } },
            { familyName: { contains: q, mode: "insensitive" } },
            { tagSerial: { contains: q, mode: "insensitive" } },
          ],
        }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db.memorialCase.findMany({ where, select: caseSummarySelect, orderBy: [{ year: "desc" }, { seq: "desc" }], take: query.limit, skip: query.offset }),
    db.memorialCase.count({ where }),
  ]);
  return { items: rows.map(toCaseSummary), total };
}
