"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest, buildUrl } from "@/lib/api-client";
import { MEMBER_PAGE_SIZE_MAX } from "@/lib/constants";
import type { MemberType, Role } from "@/lib/generated/prisma/enums";
import type { z } from "zod";
import type { CreateMemberInput, UpdateMemberInput, memberCreatedSchema, memberPageSchema, memberProfileSchema, memberSchema } from "@/lib/validations/members";
import { MEMBERS_PATH, orgKeys, useOrgMutation } from "./org";

export type Member = z.infer<typeof memberSchema>;
export type MemberPage = z.infer<typeof memberPageSchema>;
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export interface MemberFilters {
  q?: string;
  unitId?: string;
  role?: Role | "";
  memberType?: MemberType | "";
  active?: "true" | "false" | "all";
  page?: number;
  pageSize?: number;
}

/** The pickers' query: every active member, a page of the API's largest size at a time. */
const PICKER_MEMBERS = { active: "true", pageSize: MEMBER_PAGE_SIZE_MAX } as const;

/**
 * Every active member, however many: the first page answers an organization of up to 500 in one
 * request; a larger one's other pages are read side by side. A single page used to leave the
 * 501st member and after (by last name) out of every picker.
 */
async function readEveryActiveMember({ signal }: { signal: AbortSignal }): Promise<Member[]> {
  const read = (page: number) => apiRequest<MemberPage>("GET", buildUrl(orgKeys.members({ ...PICKER_MEMBERS, page })), undefined, { signal });
  const first = await read(1);
  const pages = Math.ceil(first.total / first.pageSize);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => read(i + 2)));
  return [first, ...rest].flatMap((page) => page.items);
}

/** Every active member, sorted by last name: what the assignee and team pickers list. */
export function useMembers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<Member[]>({ queryKey: orgKeys.members({ ...PICKER_MEMBERS, every: true }), queryFn: readEveryActiveMember, enabled });
}

/** One page of the members screen (50 a page), keeping the previous page while the next loads. */
export function useMemberList(filters: MemberFilters) {
  return useQuery<MemberPage>({ queryKey: orgKeys.members(filters), placeholderData: keepPreviousData });
}

export function useMember(id: string, { enabled = true, initial }: { enabled?: boolean; initial?: { data: MemberProfile; readAt: number } } = {}) {
  return useQuery<MemberProfile>({ queryKey: orgKeys.member(id), enabled, initialData: initial?.data, initialDataUpdatedAt: initial?.readAt });
}

export const useCreateMember = () =>
  useOrgMutation((input: CreateMemberInput) => apiRequest<z.infer<typeof memberCreatedSchema>>("POST", MEMBERS_PATH, input), "members");

export const useUpdateMember = () =>
  useOrgMutation(({ id, ...input }: UpdateMemberInput & { id: string }) => apiRequest<Member>("PATCH", `${MEMBERS_PATH}/${id}`, input), "members");

export const useSetMemberActive = () =>
  useOrgMutation(
    ({ id, isActive }: { id: string; isActive: boolean }) => apiRequest<Member>("POST", `${MEMBERS_PATH}/${id}/${isActive ? "reactivate" : "deactivate"}`),
    "members",
  );
