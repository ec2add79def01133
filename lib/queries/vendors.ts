"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { z } from "zod";
import type { invitationCreatedSchema } from "@/lib/validations/auth";
import type { clinicUsersSchema, CreateClinicInvitationInput } from "@/lib/validations/clinics";
import type { okSchema } from "@/lib/validations/common";
import type { CreateVendorInput, UpdateVendorInput, VendorKind, simplifiedVendorListSchema, vendorPageSchema, vendorSchema } from "@/lib/validations/vendors";
import { VENDORS_PATH, orgKeys, useOrgMutation } from "./org";

export type Vendor = z.infer<typeof vendorSchema>;
export type VendorPage = z.infer<typeof vendorPageSchema>;
export type SimplifiedVendor = z.infer<typeof simplifiedVendorListSchema>[number];

export interface VendorFilters {
  q?: string;
  active?: "true" | "false" | "all";
  kind?: VendorKind;
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

// ------------------------------------------------------------------ a clinic's portal users

export type ClinicUsers = z.infer<typeof clinicUsersSchema>;
export type ClinicInvitationCreated = z.infer<typeof invitationCreatedSchema>;

const clinicUsersKey = (vendorId: string) => [VENDORS_PATH, vendorId, "clinic-users"] as const;

/** A clinic's users and invitations (admins; 404 when the vendor is not a clinic). */
export function useClinicUsers(vendorId: string) {
  // Read afresh each time the dialog opens: an invited person registers elsewhere, not through this tab.
  return useQuery<ClinicUsers>({ queryKey: clinicUsersKey(vendorId), staleTime: 0 });
}

/** Invites one person to a clinic's portal; the answer carries the code, shown once. */
export function useInviteClinicUser(vendorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<CreateClinicInvitationInput> & { email: string }) =>
      apiRequest<ClinicInvitationCreated>("POST", `${VENDORS_PATH}/${vendorId}/clinic-invitations`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clinicUsersKey(vendorId) }),
  });
}
