import "server-only";
import { db } from "@/lib/db";
import type { z } from "zod";
import type { simplifiedVendorListSchema } from "@/lib/validations/vendors";

export type SimplifiedVendor = z.input<typeof simplifiedVendorListSchema>[number];

/** What the assignee picker and the vendor directory need, for every signed-in user: active vendors, id, name and kind (a clinic is badged). */
export async function listSimplifiedVendors(): Promise<SimplifiedVendor[]> {
  return db.vendor.findMany({
    where: { isActive: true },
    select: { id: true, name: true, kind: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}
