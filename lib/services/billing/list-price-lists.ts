import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { businessToday, dateKeyOfDateColumn } from "@/lib/dates";
import { db } from "@/lib/db";
import { fullName } from "@/lib/members/names";
import type { PriceListsAnswer } from "@/lib/validations/billing";
import { productShape } from "./billing-shape";

/** GET /api/billing/price-lists: every version (newest first per list), which is in force today, and the products. */
export async function listPriceLists(caller: Caller, query: { clinicVendorId?: string }): Promise<PriceListsAnswer> {
  void caller;
  const [versions, products] = await Promise.all([
    db.priceListVersion.findMany({
      where: query.clinicVendorId ? { clinicVendorId: query.clinicVendorId } : {},
      orderBy: [{ effectiveFrom: "desc" }, { createdAt: "desc" }],
      take: 500,
      include: { clinic: { select: { name: true } }, createdBy: { select: { firstName: true, lastName: true } }, _count: { select: { items: true } } },
    }),
    db.memorialProduct.findMany({ orderBy: [{ isActive: "desc" }, { name: "asc" }], take: 500 }),
  ]);
  const today = businessToday();
  // The newest version of each list that has started is the one in force.
  const inForce = new Set<string>();
  const seen = new Set<string>();
  for (const v of versions) {
    const list = v.clinicVendorId ?? "standard";
    if (seen.has(list) || dateKeyOfDateColumn(v.effectiveFrom) > today) continue;
    seen.add(list);
    inForce.add(v.id);
  }
  return {
    versions: versions.map((v) => ({
      id: v.id,
      clinicVendorId: v.clinicVendorId,
      clinicName: v.clinic?.name ?? null,
      effectiveFrom: dateKeyOfDateColumn(v.effectiveFrom),
      note: v.note,
      createdAt: v.createdAt,
      createdByName: fullName(v.createdBy.firstName, v.createdBy.lastName),
      itemCount: v._count.items,
      inForce: inForce.has(v.id),
    })),
    products: products.map(productShape),
  };
}
