import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import type { simplifiedVendorListSchema } from "@/lib/validations/vendors";

export type BillingClinic = z.input<typeof simplifiedVendorListSchema>[number];

/**
 * The clinics the Billing screen's pickers offer (vendors of kind clinic), by name. Inactive ones
 * stay listed: a clinic that stopped referring may still owe its last statement or send a payment.
 */
export async function listBillingClinics(): Promise<BillingClinic[]> {
  return db.vendor.findMany({
    where: { kind: "clinic" },
    select: { id: true, name: true, kind: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: 1000,
  });
}
