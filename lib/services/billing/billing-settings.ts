import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { BillingSettings } from "@/lib/validations/billing";
import { loadBillingSettings } from "./billing-shape";

/** GET /api/billing/settings: sales tax, off by default. */
export async function getBillingSettings(caller: Caller): Promise<BillingSettings> {
  void caller;
  return loadBillingSettings();
}

/** PUT /api/billing/settings: the rates apply to charges made from now on (audited). */
export async function updateBillingSettings(caller: Caller, input: BillingSettings): Promise<BillingSettings> {
  return db.$transaction(async (tx) => {
    const before = await loadBillingSettings(tx);
    await tx.billingSettings.upsert({ where: { id: 1 }, create: { id: 1, ...input, updatedById: caller.userId }, update: { ...input, updatedById: caller.userId } });
    await recordAudit(tx, { actorId: caller.userId, action: "billing.settings.update", entityType: "billing_settings", entityId: "1", before, after: input });
    return loadBillingSettings(tx);
  });
}
