import "server-only";
import { db } from "@/lib/db";
import type { z } from "zod";
import type { simplifiedVendorListSchema } from "@/lib/validations/vendors";

export type SimplifiedVendor = z.input<typeof simplifiedVendorListSchema>[number];

/** What the assignee picker needs, for every signed-in user: active vendors, id and name. */
export async function listSimplifiedVendors(): Promise<SimplifiedVendor[]> {
  return db.vendor.findMany({
    where: { isActive: true },
    select: { id: true, name: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}
