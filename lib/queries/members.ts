"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { MEMBER_PAGE_SIZE_MAX } from "@/lib/constants";
import type { MemberType, Role } from "@/lib/generated/prisma/enums";
import type { MemberProfile as MemberProfileDto } from "@/lib/services/members/get-member-profile";
import type { MemberDto } from "@/lib/services/members/shared";
import type { CreateMemberInput, UpdateMemberInput } from "@/lib/validations/members";
import type { Jsonified } from "./initial-data";
import { MEMBERS_PATH, orgKeys, useOrgMutation, type Page } from "./org";

export type Member = Jsonified<MemberDto>;
export type MemberProfile = Jsonified<MemberProfileDto>;

export interface MemberFilters {
  q?: string;
  unitId?: string;
  role?: Role | "";
  memberType?: MemberType | "";
  active?: "true" | "false" | "all";
  page?: number;
  pageSize?: number;
}

/** The pickers' query: every active member in one page. */
const PICKER_MEMBERS = { active: "true", pageSize: MEMBER_PAGE_SIZE_MAX } as const;

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

export const useCreateMember = () =>
  useOrgMutation((input: CreateMemberInput) => apiRequest<{ member: Member; temporaryPassword?: string }>("POST", MEMBERS_PATH, input), "members");

export const useUpdateMember = () =>
  useOrgMutation(({ id, ...input }: UpdateMemberInput & { id: string }) => apiRequest<Member>("PATCH", `${MEMBERS_PATH}/${id}`, input), "members");

export const useSetMemberActive = () =>
  useOrgMutation(
    ({ id, isActive }: { id: string; isActive: boolean }) => apiRequest<Member>("POST", `${MEMBERS_PATH}/${id}/${isActive ? "reactivate" : "deactivate"}`),
    "members",
  );
