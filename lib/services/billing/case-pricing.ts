import "server-only";
import { findBracket, OPTION_LABELS, taxOf, type OptionCode, type ServiceType, type TaxCategory } from "@/lib/billing/pricing";
import { dateKeyOf } from "@/lib/dates";
import type { Prisma } from "@/lib/generated/prisma/client";
import { itemLabel, loadBillingSettings, rateOf, versionInForce } from "./billing-shape";

/**
 * Pricing a case (docs/billing.md "Charges"): at intake, from the list in force on its intake day
 * for its clinic (the clinic's own list, else the standard one): the service by its weight
 * bracket, the options chosen on the case (paw print, fur clipping) and the urn or keepsake named
 * on it. Each line stores its amount and its tax at the rate of the day, so a later price or rate
 * never changes it.
 */

export interface PricedCase {
  id: string;
  petWeightLbs: Prisma.Decimal | number | null;
  serviceType: ServiceType;
  pawPrint: boolean;
  furClipping: boolean;
  urnProduct: string | null;
  clinicVendorId: string | null;
  receivedAt: Date;
}

export interface IntakePricing {
  /** Lines written. */
  written: number;
  /** What could not be priced, in words ("no weight recorded", "no price for Walnut urn"). */
  missing: string[];
  /** False when no list is in force on the intake day. */
  hasList: boolean;
}

/** Writes one charge line (stock taken for a product when there is any) with its tax at today's settings. */
export async function writeCharge(
  tx: Prisma.TransactionClient,
  line: { caseId: string; kind: "service" | "option" | "product" | "adjustment"; description: string; category: TaxCategory; amountCents: number; priceItemId?: string | null; productId?: string | null; reason?: string | null; actorId: string; at: Date },
): Promise<void> {
  const settings = await loadBillingSettings(tx);
  await tx.caseCharge.create({
    data: {
      caseId: line.caseId,
      kind: line.kind,
      description: line.description,
      taxCategory: line.category,
      amountCents: line.amountCents,
      taxCents: taxOf(line.amountCents, rateOf(settings, line.category)),
      priceItemId: line.priceItemId ?? null,
      productId: line.productId ?? null,
      reason: line.reason ?? null,
      createdById: line.actorId,
      createdAt: line.at,
    },
  });
}

/** Prices a case from the list of its intake day. Call inside the transaction that creates the case (or prices it later). */
export async function priceCaseAtIntake(tx: Prisma.TransactionClient, kase: PricedCase, actorId: string, at = new Date()): Promise<IntakePricing> {
  const version = await versionInForce(tx, kase.clinicVendorId, dateKeyOf(kase.receivedAt));
  if (!version) return { written: 0, missing: [], hasList: false };
  const missing: string[] = [];
  let written = 0;
  const weight = kase.petWeightLbs === null ? null : Number(kase.petWeightLbs);
  const services = version.items.filter((i) => i.kind === "service").map((i) => ({ ...i, serviceType: i.serviceType as ServiceType, minLbs: i.minLbs ?? 0 }));
  if (weight === null) {
    missing.push("no weight recorded for the service");
  } else {
    const bracket = findBracket(services, kase.serviceType, weight);
    if (bracket) {
      await writeCharge(tx, { caseId: kase.id, kind: "service", description: itemLabel(bracket), category: "service", amountCents: bracket.priceCents, priceItemId: bracket.id, actorId, at });
      written += 1;
    } else {
      missing.push(`no price for this service at ${weight} lb`);
    }
  }
  const options: OptionCode[] = [...(kase.pawPrint ? (["paw_print"] as const) : []), ...(kase.furClipping ? (["fur_clipping"] as const) : [])];
  for (const code of options) {
    const item = version.items.find((i) => i.kind === "option" && i.optionCode === code);
    if (!item) {
      missing.push(`no price for ${OPTION_LABELS[code]}`);
      continue;
    }
    await writeCharge(tx, { caseId: kase.id, kind: "option", description: OPTION_LABELS[code], category: "option", amountCents: item.priceCents, priceItemId: item.id, actorId, at });
    written += 1;
  }
  if (kase.urnProduct) {
    const wanted = kase.urnProduct.trim().toLowerCase();
    const item = version.items.find((i) => i.kind === "product" && i.product?.name.toLowerCase() === wanted);
    if (!item || !item.productId) {
      missing.push(`no price for ${kase.urnProduct}`);
    } else {
      // Stock never goes below zero: a product charged while none is counted is simply reordered.
      await tx.memorialProduct.updateMany({ where: { id: item.productId, stock: { gt: 0 } }, data: { stock: { decrement: 1 } } });
      await writeCharge(tx, { caseId: kase.id, kind: "product", description: itemLabel(item), category: "merchandise", amountCents: item.priceCents, priceItemId: item.id, productId: item.productId, actorId, at });
      written += 1;
    }
  }
  return { written, missing, hasList: true };
}
