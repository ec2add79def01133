"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { z } from "zod";
import type { okSchema } from "@/lib/validations/common";
import type { CreateUnitInput, OrganizationContact, OrganizationContactBody, UpdateUnitInput, unitMemberSchema, unitSchema } from "@/lib/validations/org";

/**
 * The organization's units and the keys and invalidation shared with the members and vendors
 * hooks (lib/queries/members.ts, lib/queries/vendors.ts): a member write changes the units'
 * counts, so the three domains invalidate together.
 */

// ------------------------------------------------------------------ shapes (the answers' schemas)

export type Unit = z.infer<typeof unitSchema>;
/** Spec §3: members of a unit come as items carrying a `users` object. */
export type UnitMemberItem = z.infer<typeof unitMemberSchema>;
type Ok = z.infer<typeof okSchema>;

// ------------------------------------------------------------------ keys (the API path first)

const UNITS = "/api/organizational-units";
export const MEMBERS_PATH = "/api/members";
export const VENDORS_PATH = "/api/vendors";
const SIMPLIFIED_VENDORS = "/api/simplified-vendors";

export const orgKeys = {
  units: () => [UNITS] as const,
  unitMembers: (unitId: string) => [UNITS, unitId, "members"] as const,
  members: (filters: object = {}) => [MEMBERS_PATH, filters] as const,
  member: (id: string) => [MEMBERS_PATH, id] as const,
  vendors: (filters: object = {}) => [VENDORS_PATH, filters] as const,
  simplifiedVendors: () => [SIMPLIFIED_VENDORS] as const,
};

/** After any organization write: units (counts), unit members, members, vendors and the pickers. */
export function invalidateOrgQueries(queryClient: QueryClient, what: "units" | "members" | "vendors" | "all" = "all") {
  const keys: string[][] =
    what === "vendors" ? [[VENDORS_PATH], [SIMPLIFIED_VENDORS]] : what === "all" ? [[UNITS], [MEMBERS_PATH], [VENDORS_PATH], [SIMPLIFIED_VENDORS]] : [[UNITS], [MEMBERS_PATH]];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * An admin write that refreshes what it changed. The refresh is not awaited: the write is done
 * when the server says so, and the dialog closes and the toast shows at once, while the lists
 * (the members picker reads up to 500) refetch behind it. Awaiting it kept the dialog busy for
 * as long as every refetch took, 10 s and more on a loaded machine.
 */
export function useOrgMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, what: "units" | "members" | "vendors" | "all") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void invalidateOrgQueries(queryClient, what);
    },
  });
}

// ------------------------------------------------------------------ units

/**
 * Every unit (flat; parentId builds the tree), with counts. `enabled: false` holds the request
 * back (a filter not yet used); a cached list still answers.
 */
export function useUnits({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<Unit[]>({ queryKey: orgKeys.units(), enabled });
}

export function useUnitMembers(unitId: string | null) {
  return useQuery<UnitMemberItem[]>({ queryKey: orgKeys.unitMembers(unitId ?? ""), enabled: Boolean(unitId) });
}

export const useCreateUnit = () => useOrgMutation((input: CreateUnitInput) => apiRequest<Unit>("POST", UNITS, input), "units");

export const useUpdateUnit = () =>
  useOrgMutation(({ id, ...input }: UpdateUnitInput & { id: string }) => apiRequest<Unit>("PATCH", `${UNITS}/${id}`, input), "units");

export const useDeleteUnit = () => useOrgMutation((id: string) => apiRequest<Ok>("DELETE", `${UNITS}/${id}`), "units");

export const useAddUnitMember = () =>
  useOrgMutation(({ unitId, userId }: { unitId: string; userId: string }) => apiRequest<UnitMemberItem>("POST", `${UNITS}/${unitId}/members`, { userId }), "units");

export const useRemoveUnitMember = () =>
  useOrgMutation(({ unitId, userId }: { unitId: string; userId: string }) => apiRequest<Ok>("DELETE", `${UNITS}/${unitId}/members/${userId}`), "units");

// ------------------------------------------------------------------ the business's contact details

export const ORGANIZATION_CONTACT_PATH = "/api/organization/contact";

/** What families see of the business (phone, e-mail, address, hours); admins edit it on /organization. */
export function useOrganizationContact(enabled: boolean) {
  return useQuery<OrganizationContact>({ queryKey: [ORGANIZATION_CONTACT_PATH], enabled });
}

export function useSaveOrganizationContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationContactBody) => apiRequest<OrganizationContact>("PUT", ORGANIZATION_CONTACT_PATH, body),
    onSuccess: (saved) => queryClient.setQueryData([ORGANIZATION_CONTACT_PATH], saved),
  });
}
