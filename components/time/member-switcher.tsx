"use client";

import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { GroupedCombobox } from "@/components/org/grouped-combobox";
import type { ResolvedRange } from "@/lib/validations/time";

interface MemberSwitcherProps {
  callerId: string;
  memberId: string;
  members: { id: string; firstName: string; lastName: string }[];
  basePath: string;
  range: ResolvedRange;
  /** Query kept on the address (the time card's tab). */
  keep: Record<string, string | undefined>;
}

/**
 * Whose time the screen shows: a type-ahead over the people the caller may see (a manager's
 * department can be hundreds of names; a native select listed every one). Choosing opens the
 * same range for that member.
 */
export function MemberSwitcher({ callerId, memberId, members, basePath, range, keep }: MemberSwitcherProps) {
  const router = useRouter();
  const groups = useMemo(
    () => [{ group: "Members", options: members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}`.trim(), hint: m.id === callerId ? "you" : undefined })) }],
    [members, callerId],
  );
  const open = (member: string | null) => {
    if (!member || member === memberId) return;
    const dates = range.kind === "custom" ? { from: range.from, to: range.to } : { date: range.from };
    const params = Object.entries({ ...keep, member, range: range.kind, ...dates }).filter((e): e is [string, string] => Boolean(e[1]));
    router.push(`${basePath}?${new URLSearchParams(params).toString()}`);
  };
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="time-log-member" className="text-sm text-slate-700">
        Member
      </label>
      <div className="w-60 max-w-full">
        <GroupedCombobox id="time-log-member" value={memberId} onChange={open} groups={groups} placeholder="Find a member…" noMatchText="No member matches" />
      </div>
    </div>
  );
}
