import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import type { PriceListVersionAnswer } from "@/lib/validations/billing";
import { PRICE_LIST_NOT_FOUND, versionInclude, versionShape } from "./billing-shape";

/** GET /api/billing/price-lists/{id}. */
export async function getPriceList(caller: Caller, id: string): Promise<PriceListVersionAnswer> {
  void caller;
  const row = await db.priceListVersion.findUnique({ where: { id }, include: versionInclude });
  if (!row) throw notFound(PRICE_LIST_NOT_FOUND);
  return versionShape(row);
}
