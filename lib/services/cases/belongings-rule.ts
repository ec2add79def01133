import "server-only";
import { scanRefusalMessage, type ScanRefusalCode, type Station } from "@/lib/cases/stations";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The stations where the belongings to return are checked off (docs/cases.md "Belongings"). */
export const BELONGINGS_STATIONS: readonly Station[] = ["packaged", "returned"];

/**
 * Every belonging to return with the ashes must be checked off at packaged and at returned: the
 * scan's `belongingsChecked` names them. One unaccounted for refuses the scan; an administrator
 * may override it with a reason (recorded as its own event).
 */
export async function belongingsRefusal(
  tx: Prisma.TransactionClient,
  caseId: string,
  station: Station,
  checked: readonly string[] | null | undefined,
): Promise<{ reason: ScanRefusalCode; message: string; overridable: true } | null> {
  if (!BELONGINGS_STATIONS.includes(station)) return null;
  const items = await tx.caseBelonging.findMany({ where: { caseId, disposition: "return" }, select: { id: true } });
  const ticked = new Set(checked ?? []);
  const missing = items.filter((item) => !ticked.has(item.id)).length;
  if (missing === 0) return null;
  return { reason: "BELONGINGS_UNACCOUNTED", overridable: true, message: scanRefusalMessage("BELONGINGS_UNACCOUNTED", { missing, total: items.length }) };
}

/** The scan is recorded: the checked belongings to return get the station's check-off (who and when). */
export async function checkOffBelongings(tx: Prisma.TransactionClient, caseId: string, station: Station, checked: readonly string[] | null | undefined, memberId: string, at: Date): Promise<void> {
  if (!BELONGINGS_STATIONS.includes(station) || !checked?.length) return;
  const where = { caseId, disposition: "return", id: { in: [...checked] } };
  if (station === "packaged") await tx.caseBelonging.updateMany({ where: { ...where, packagedAt: null }, data: { packagedAt: at, packagedById: memberId } });
  else await tx.caseBelonging.updateMany({ where: { ...where, returnedAt: null }, data: { returnedAt: at, returnedById: memberId } });
}
