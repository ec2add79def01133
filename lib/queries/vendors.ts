"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { SimplifiedVendor as SimplifiedVendorDto } from "@/lib/services/vendors/list-simplified-vendors";
import type { VendorDto } from "@/lib/services/vendors/shared";
import type { CreateVendorInput, UpdateVendorInput } from "@/lib/validations/vendors";
import type { Jsonified } from "./initial-data";
import { VENDORS_PATH, orgKeys, useOrgMutation, type Page } from "./org";

export type Vendor = Jsonified<VendorDto>;
export type SimplifiedVendor = Jsonified<SimplifiedVendorDto>;

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
  return useQuery<Page<Vendor>>({ queryKey: orgKeys.vendors(filters), placeholderData: keepPreviousData });
}

export const useCreateVendor = () => useOrgMutation((input: CreateVendorInput) => apiRequest<Vendor>("POST", VENDORS_PATH, input), "vendors");

export const useUpdateVendor = () =>
  useOrgMutation(({ id, ...input }: UpdateVendorInput & { id: string }) => apiRequest<Vendor>("PATCH", `${VENDORS_PATH}/${id}`, input), "vendors");

export const useDeleteVendor = () => useOrgMutation((id: string) => apiRequest<{ ok: true }>("DELETE", `${VENDORS_PATH}/${id}`), "vendors");
