import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { VENDOR_PAGE_SIZE } from "@/lib/vendors/options";
import type { ListVendorsQuery, vendorPageSchema } from "@/lib/validations/vendors";
import { toVendorDto, vendorSelect } from "./shared";
import { containsText } from "@/lib/search/contains-text";
import type { z } from "zod";

export type VendorPage = z.input<typeof vendorPageSchema>;

/** The admin list: every field, filtered by name/contact/services text and active flag. */
export async function listVendors(query: ListVendorsQuery): Promise<VendorPage> {
  const words = (query.q ?? "").split(/\s+/).filter(Boolean).slice(0, 5);
  const where: Prisma.VendorWhereInput = {
    ...(query.active === "all" ? {} : { isActive: query.active === "true" }),
    ...(query.kind ? { kind: query.kind } : {}),
    AND: words.map((word) => ({
      OR: [
        { name: containsText(word) },
        { contactName: containsText(word) },
        { services: containsText(word) },
      ],
    })),
  };
  const [rows, total] = await Promise.all([
    db.vendor.findMany({
      where,
      select: vendorSelect,
      orderBy: [{ isActive: "desc" }, { name: "asc" }, { id: "asc" }],
      skip: (query.page - 1) * VENDOR_PAGE_SIZE,
      take: VENDOR_PAGE_SIZE,
    }),
    db.vendor.count({ where }),
  ]);
  return { items: rows.map(toVendorDto), total, page: query.page, pageSize: VENDOR_PAGE_SIZE };
}
