import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { Product } from "@/lib/validations/billing";
import { productShape } from "./billing-shape";

export const PRODUCT_NAME_TAKEN = "A product of that name exists";

/** POST /api/billing/products: an urn or keepsake with its stock; priced by a price list version. */
export async function createProduct(caller: Caller, input: { name: string; category: "urn" | "keepsake"; stock: number }): Promise<Product> {
  try {
    return await db.$transaction(async (tx) => {
      const row = await tx.memorialProduct.create({ data: { name: input.name, category: input.category, stock: input.stock } });
      await recordAudit(tx, { actorId: caller.userId, action: "billing.product.create", entityType: "memorial_product", entityId: row.id, after: input });
      return productShape(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PRODUCT_NAME_TAKEN, { field: "name" });
    throw error;
  }
}
