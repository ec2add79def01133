import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { conflict, notFound } from "@/lib/http/app-error";
import { changedFields, recordAudit } from "@/lib/services/audit/record-audit";
import type { Product } from "@/lib/validations/billing";
import { PRODUCT_NOT_FOUND, productShape } from "./billing-shape";
import { PRODUCT_NAME_TAKEN } from "./create-product";

/** PATCH /api/billing/products/{id}: rename, count the stock, retire (audited). */
export async function updateProduct(caller: Caller, id: string, input: { name?: string; stock?: number; isActive?: boolean }): Promise<Product> {
  try {
    return await db.$transaction(async (tx) => {
      const before = await tx.memorialProduct.findUnique({ where: { id } });
      if (!before) throw notFound(PRODUCT_NOT_FOUND);
      const row = await tx.memorialProduct.update({ where: { id }, data: input });
      const diff = changedFields({ name: before.name, stock: before.stock, isActive: before.isActive }, input);
      await recordAudit(tx, { actorId: caller.userId, action: "billing.product.update", entityType: "memorial_product", entityId: id, ...diff });
      return productShape(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PRODUCT_NAME_TAKEN, { field: "name" });
    throw error;
  }
}
