"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { z } from "zod";
import type { okSchema } from "@/lib/validations/common";
import type { CreateVendorInput, UpdateVendorInput, simplifiedVendorListSchema, vendorPageSchema, vendorSchema } from "@/lib/validations/vendors";
import { VENDORS_PATH, orgKeys, useOrgMutation } from "./org";

export type Vendor = z.infer<typeof vendorSchema>;
export type VendorPage = z.infer<typeof vendorPageSchema>;
export type SimplifiedVendor = z.infer<typeof simplifiedVendorListSchema>[number];

export interface VendorFilters {
  q?: string;
  active?: "true" | "false" | "all";
  page?: number;
}

/** Active vendors, id and name: what the assignee picker lists. */
export function useVendorsSimplified() {
  return useQuery<SimplifiedVendor[]>({ queryKey: orgKeys.simplifiedVendors() });
}

export function useVendors(filters: VendorFilters) {
  return useQuery<VendorPage>({ queryKey: orgKeys.vendors(filters), placeholderData: keepPreviousData });
}

export const useCreateVendor = () => useOrgMutation((input: CreateVendorInput) => apiRequest<Vendor>("POST", VENDORS_PATH, input), "vendors");

export const useUpdateVendor = () =>
  useOrgMutation(({ id, ...input }: UpdateVendorInput & { id: string }) => apiRequest<Vendor>("PATCH", `${VENDORS_PATH}/${id}`, input), "vendors");

export const useDeleteVendor = () => useOrgMutation((id: string) => apiRequest<z.infer<typeof okSchema>>("DELETE", `${VENDORS_PATH}/${id}`), "vendors");
