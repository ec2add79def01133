import "server-only";
import { OPTION_LABELS } from "@/lib/billing/pricing";
import type { Caller } from "@/lib/auth/resolve-caller";
import { businessToday } from "@/lib/dates";
import { db } from "@/lib/db";
import { conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { AddCaseChargeInput, CaseChargesAnswer } from "@/lib/validations/billing";
import { caseByNumber, itemLabel, loadCaseCharges, versionInForce } from "./billing-shape";
import { priceCaseAtIntake, writeCharge } from "./case-pricing";

export const ALREADY_PRICED = "This case is priced already; adjust its charges instead.";
export const NO_PRICE_LIST = "No price list is in force for this case yet: add a version on the price list screen.";
export const OUT_OF_STOCK = (name: string) => `${name} is out of stock: count the stock on the price list screen first.`;

/**
 * POST /api/cases/{number}/charges. Every line is a new row (audited); nothing already charged is
 * edited, so a statement that carries a charge never changes, and an adjustment made after it
 * lands on the clinic's next statement.
 */
export async function addCaseCharge(caller: Caller, ref: string, input: AddCaseChargeInput): Promise<CaseChargesAnswer> {
  const kase = await caseByNumber(db, ref);
  const at = new Date();
  await db.$transaction(async (tx) => {
    // One writer per case at a time: two "price it" clicks never both price it.
    await tx.$queryRaw`SELECT id FROM cases WHERE id = ${kase.id}::uuid FOR UPDATE`;
    if (input.kind === "intake") {
      const priced = await tx.caseCharge.count({ where: { caseId: kase.id, kind: { not: "adjustment" } } });
      if (priced > 0) throw conflict(ALREADY_PRICED);
      const result = await priceCaseAtIntake(tx, { ...kase, serviceType: kase.serviceType }, caller.userId, at);
      if (!result.hasList) throw conflict(NO_PRICE_LIST);
      if (result.written === 0) throw conflict(`Nothing could be priced: ${result.missing.join("; ")}.`);
      await recordAudit(tx, { actorId: caller.userId, action: "billing.case.price", entityType: "case", entityId: kase.id, after: { lines: result.written, missing: result.missing } });
      return;
    }
    if (input.kind === "adjustment") {
      await writeCharge(tx, { caseId: kase.id, kind: "adjustment", description: `Adjustment: ${input.reason}`, category: input.category, amountCents: input.amount, reason: input.reason, actorId: caller.userId, at });
      await recordAudit(tx, { actorId: caller.userId, action: "billing.charge.adjust", entityType: "case", entityId: kase.id, after: { amountCents: input.amount, category: input.category, reason: input.reason } });
      return;
    }
    const version = await versionInForce(tx, kase.clinicVendorId, businessToday(at));
    if (!version) throw conflict(NO_PRICE_LIST);
    if (input.kind === "option") {
      const item = version.items.find((i) => i.kind === "option" && i.optionCode === input.optionCode);
      if (!item) throw conflict(`The price list in force has no price for ${OPTION_LABELS[input.optionCode]}.`, { field: "optionCode" });
      await writeCharge(tx, { caseId: kase.id, kind: "option", description: OPTION_LABELS[input.optionCode], category: "option", amountCents: item.priceCents, priceItemId: item.id, actorId: caller.userId, at });
    } else {
      const item = version.items.find((i) => i.kind === "product" && i.productId === input.productId);
      if (!item || !item.productId) throw conflict("The price list in force has no price for this product.", { field: "productId" });
      const taken = await tx.memorialProduct.updateMany({ where: { id: item.productId, stock: { gt: 0 } }, data: { stock: { decrement: 1 } } });
      if (taken.count === 0) throw conflict(OUT_OF_STOCK(itemLabel(item)), { field: "productId" });
      await writeCharge(tx, { caseId: kase.id, kind: "product", description: itemLabel(item), category: "merchandise", amountCents: item.priceCents, priceItemId: item.id, productId: item.productId, actorId: caller.userId, at });
    }
    await recordAudit(tx, { actorId: caller.userId, action: "billing.charge.add", entityType: "case", entityId: kase.id, after: input });
  });
  return loadCaseCharges(db, kase.id);
}
