"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { MemberType, Role } from "@/lib/generated/prisma/enums";
import {
  MEMBER_PAGE_SIZE_MAX,
  type CreateMemberInput,
  type CreateUnitInput,
  type CreateVendorInput,
  type UpdateMemberInput,
  type UpdateUnitInput,
  type UpdateVendorInput,
} from "@/lib/validations/org";

// ------------------------------------------------------------------ shapes (as JSON)

export interface Unit {
  id: string;
  name: string;
  unitNumber: number | null;
  type: string;
  parentId: string | null;
  description: string | null;
  counts: { members: number; children: number; openTasks: number };
}

/** Spec §3: members of a unit come as items carrying a `users` object. */
export interface UnitMemberItem {
  id: string;
  unitId: string;
  userId: string;
  users: { id: string; firstName: string; lastName: string; memberType: MemberType; role: Role; isActive: boolean };
}

export interface Member {
  id: string;
  firstName: string;
  lastName: string;
  memberType: MemberType;
  role: Role;
  isActive: boolean;
  units: Array<{ id: string; name: string; unitNumber: number | null }>;
  /** Only in admins' responses (and a member's own profile). */
  email?: string;
  phone?: string | null;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface MemberFilters {
  q?: string;
  unitId?: string;
  role?: Role | "";
  memberType?: MemberType | "";
  active?: "true" | "false" | "all";
  page?: number;
  pageSize?: number;
}

export interface MemberProfile extends Member {
  openTasks: {
    total: number;
    items: Array<{
      id: string;
      displayNumber: number;
      title: string;
      status: string;
      priority: string;
      dueDate: string;
      organizationalUnit: { id: string; name: string };
      isLead: boolean;
    }>;
  };
  hoursThisWeek: { minutes: number; weekStart: string } | null;
  recentPunches: Array<{ id: string; punchInAt: string; punchOutAt: string | null; inLocation: string; outReason: string | null; minutes: number }> | null;
}

export interface Vendor {
  id: string;
  name: string;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  services: string | null;
  notes: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface VendorFilters {
  q?: string;
  active?: "true" | "false" | "all";
  page?: number;
}

export interface SimplifiedVendor {
  id: string;
  name: string;
}

// ------------------------------------------------------------------ keys (the API path first)

const UNITS = "/api/organizational-units";
const MEMBERS = "/api/members";
const VENDORS = "/api/vendors";
const SIMPLIFIED_VENDORS = "/api/simplified-vendors";

/** The pickers' query: every active member in one page. */
const PICKER_MEMBERS = { active: "true", pageSize: MEMBER_PAGE_SIZE_MAX } as const;

export const orgKeys = {
  units: () => [UNITS] as const,
  unitMembers: (unitId: string) => [UNITS, unitId, "members"] as const,
  members: (filters: MemberFilters = {}) => [MEMBERS, filters] as const,
  member: (id: string) => [MEMBERS, id] as const,
  vendors: (filters: VendorFilters = {}) => [VENDORS, filters] as const,
  simplifiedVendors: () => [SIMPLIFIED_VENDORS] as const,
};

/** After any organization write: units (counts), unit members, members, vendors and the pickers. */
export function invalidateOrgQueries(queryClient: QueryClient, what: "units" | "members" | "vendors" | "all" = "all") {
  const keys: string[][] =
    what === "vendors" ? [[VENDORS], [SIMPLIFIED_VENDORS]] : what === "all" ? [[UNITS], [MEMBERS], [VENDORS], [SIMPLIFIED_VENDORS]] : [[UNITS], [MEMBERS]];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

// ------------------------------------------------------------------ reads

/** Every unit (flat; parentId builds the tree), with counts. */
export function useUnits() {
  return useQuery<Unit[]>({ queryKey: orgKeys.units() });
}

export function useUnitMembers(unitId: string | null) {
  return useQuery<UnitMemberItem[]>({ queryKey: orgKeys.unitMembers(unitId ?? ""), enabled: Boolean(unitId) });
}

/** Every active member, sorted by last name: what the assignee and team pickers list. */
export function useMembers() {
  return useQuery<Page<Member>, Error, Member[]>({ queryKey: orgKeys.members(PICKER_MEMBERS), select: (page) => page.items });
}

/** One page of the members screen (50 a page), keeping the previous page while the next loads. */
export function useMemberList(filters: MemberFilters) {
  return useQuery<Page<Member>>({ queryKey: orgKeys.members(filters), placeholderData: keepPreviousData });
}

export function useMember(id: string) {
  return useQuery<MemberProfile>({ queryKey: orgKeys.member(id) });
}

/** Active vendors, id and name: what the assignee picker lists. */
export function useVendorsSimplified() {
  return useQuery<SimplifiedVendor[]>({ queryKey: orgKeys.simplifiedVendors() });
}

export function useVendors(filters: VendorFilters) {
  return useQuery<Page<Vendor>>({ queryKey: orgKeys.vendors(filters), placeholderData: keepPreviousData });
}

// ------------------------------------------------------------------ writes (admins)

function useOrgMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, what: "units" | "members" | "vendors" | "all") {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateOrgQueries(queryClient, what) });
}

export const useCreateUnit = () => useOrgMutation((input: CreateUnitInput) => apiRequest<Unit>("POST", UNITS, input), "units");

export const useUpdateUnit = () =>
  useOrgMutation(({ id, ...input }: UpdateUnitInput & { id: string }) => apiRequest<Unit>("PATCH", `${UNITS}/${id}`, input), "units");

export const useDeleteUnit = () => useOrgMutation((id: string) => apiRequest<{ ok: true }>("DELETE", `${UNITS}/${id}`), "units");

export const useAddUnitMember = () =>
  useOrgMutation(({ unitId, userId }: { unitId: string; userId: string }) => apiRequest<UnitMemberItem>("POST", `${UNITS}/${unitId}/members`, { userId }), "units");

export const useRemoveUnitMember = () =>
  useOrgMutation(({ unitId, userId }: { unitId: string; userId: string }) => apiRequest<{ ok: true }>("DELETE", `${UNITS}/${unitId}/members/${userId}`), "units");

export const useCreateMember = () =>
  useOrgMutation((input: CreateMemberInput) => apiRequest<{ member: Member; temporaryPassword?: string }>("POST", MEMBERS, input), "members");

export const useUpdateMember = () =>
  useOrgMutation(({ id, ...input }: UpdateMemberInput & { id: string }) => apiRequest<Member>("PATCH", `${MEMBERS}/${id}`, input), "members");

export const useSetMemberActive = () =>
  useOrgMutation(
    ({ id, isActive }: { id: string; isActive: boolean }) => apiRequest<Member>("POST", `${MEMBERS}/${id}/${isActive ? "reactivate" : "deactivate"}`),
    "members",
  );

export const useCreateVendor = () => useOrgMutation((input: CreateVendorInput) => apiRequest<Vendor>("POST", VENDORS, input), "vendors");

export const useUpdateVendor = () =>
  useOrgMutation(({ id, ...input }: UpdateVendorInput & { id: string }) => apiRequest<Vendor>("PATCH", `${VENDORS}/${id}`, input), "vendors");

export const useDeleteVendor = () => useOrgMutation((id: string) => apiRequest<{ ok: true }>("DELETE", `${VENDORS}/${id}`), "vendors");
