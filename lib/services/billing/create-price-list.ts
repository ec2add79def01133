import "server-only";
import { monthLabel, monthOf } from "@/lib/billing/pricing";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateColumnOf, dateKeyOfDateColumn } from "@/lib/dates";
import { db } from "@/lib/db";
import { isInvariantViolation, isUniqueViolation } from "@/lib/db-errors";
import { badRequest, conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { CreatePriceListInput, PriceListVersionAnswer } from "@/lib/validations/billing";
import { versionInclude, versionShape } from "./billing-shape";

export const VERSION_DAY_TAKEN = "A version of this price list already starts that day";

/**
 * POST /api/billing/price-lists: a new version, in force from its day. A price may not reach back
 * into a month whose statement is issued (that clinic's, or any clinic's for the standard list):
 * such a month is closed, so the effective date must fall after the last issued month.
 */
export async function createPriceList(caller: Caller, input: CreatePriceListInput): Promise<PriceListVersionAnswer> {
  if (input.clinicVendorId) {
    const clinic = await db.vendor.findUnique({ where: { id: input.clinicVendorId }, select: { id: true } });
    if (!clinic) throw badRequest("clinicVendorId: clinic not found", { field: "clinicVendorId" });
  }
  const productIds = input.items.flatMap((i) => (i.kind === "product" ? [i.productId] : []));
  if (productIds.length) {
    const found = await db.memorialProduct.findMany({ where: { id: { in: productIds } }, select: { id: true } });
    const known = new Set(found.map((p) => p.id));
    const index = input.items.findIndex((i) => i.kind === "product" && !known.has(i.productId));
    if (index >= 0) throw badRequest(`items[${index}].productId: product not found`, { field: `items.${index}.productId` });
  }
  const lastIssued = await db.statement.findFirst({
    where: input.clinicVendorId ? { clinicVendorId: input.clinicVendorId } : {},
    orderBy: { periodEnd: "desc" },
    select: { periodEnd: true },
  });
  if (lastIssued && input.effectiveFrom <= dateKeyOfDateColumn(lastIssued.periodEnd)) {
    const month = monthOf(dateKeyOfDateColumn(lastIssued.periodEnd));
    throw badRequest(`effectiveFrom must be after ${dateKeyOfDateColumn(lastIssued.periodEnd)}: the statement for ${monthLabel(month)} is issued, and its prices never change`, { field: "effectiveFrom" });
  }
  try {
    const id = await db.$transaction(async (tx) => {
      const version = await tx.priceListVersion.create({
        data: { clinicVendorId: input.clinicVendorId, effectiveFrom: dateColumnOf(input.effectiveFrom), note: input.note ?? null, createdById: caller.userId },
        select: { id: true },
      });
      await tx.priceItem.createMany({
        data: input.items.map((item) => ({
          versionId: version.id,
          kind: item.kind,
          serviceType: item.kind === "service" ? item.serviceType : null,
          minLbs: item.kind === "service" ? item.minLbs : null,
          maxLbs: item.kind === "service" ? item.maxLbs : null,
          optionCode: item.kind === "option" ? item.optionCode : null,
          productId: item.kind === "product" ? item.productId : null,
          priceCents: item.price,
        })),
      });
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "billing.price_list.create",
        entityType: "price_list_version",
        entityId: version.id,
        after: { clinicVendorId: input.clinicVendorId, effectiveFrom: input.effectiveFrom, items: input.items.length },
      });
      return version.id;
    });
    return versionShape(await db.priceListVersion.findUniqueOrThrow({ where: { id }, include: versionInclude }));
  } catch (error) {
    if (isInvariantViolation(error, "price_items_no_overlapping_brackets")) throw badRequest("items: two weight brackets of one service overlap", { field: "items" });
    if (isUniqueViolation(error)) throw conflict(VERSION_DAY_TAKEN, { field: "effectiveFrom" });
    throw error;
  }
}
