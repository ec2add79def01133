import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { VENDOR_PAGE_SIZE } from "@/lib/vendors/options";
import type { ListVendorsQuery } from "@/lib/validations/vendors";
import { vendorSelect, type VendorDto } from "./shared";
import { containsText } from "@/lib/search/contains-text";

export interface VendorPage {
  items: VendorDto[];
  total: number;
  page: number;
  pageSize: number;
}

/** The admin list: every field, filtered by name/contact/services text and active flag. */
export async function listVendors(query: ListVendorsQuery): Promise<VendorPage> {
  const words = (query.q ?? "").split(/\s+/).filter(Boolean).slice(0, 5);
  const where: Prisma.VendorWhereInput = {
    ...(query.active === "all" ? {} : { isActive: query.active === "true" }),
    AND: words.map((word) => ({
      OR: [
        { name: containsText(word) },
        { contactName: containsText(word) },
        { services: containsText(word) },
      ],
    })),
  };
  const [items, total] = await Promise.all([
    db.vendor.findMany({
      where,
      select: vendorSelect,
      orderBy: [{ isActive: "desc" }, { name: "asc" }, { id: "asc" }],
      skip: (query.page - 1) * VENDOR_PAGE_SIZE,
      take: VENDOR_PAGE_SIZE,
    }),
    db.vendor.count({ where }),
  ]);
  return { items, total, page: query.page, pageSize: VENDOR_PAGE_SIZE };
}
