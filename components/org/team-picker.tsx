"use client";

import { useMemo } from "react";
import { Badge } from "@/components/ui/badge";
import { Radio } from "@/components/ui/input";
import { Tooltip } from "@/components/ui/tooltip";
import { normalizeTeam, type TeamValue } from "@/lib/org/team";
import { useMembers } from "@/lib/queries/members";
import { GroupedCombobox } from "./grouped-combobox";

/**
 * Add and remove team members and mark at most one lead (spec §4): one radio group over the
 * members plus "No lead", so the lead can be moved or cleared and there are never two.
 */
export function TeamPicker({ value, onChange }: { value: { userIds: string[]; leadId: string | null }; onChange: (v: { userIds: string[]; leadId: string | null }) => void }) {
  const members = useMembers();
  const byId = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m])), [members.data]);
  const addable = useMemo(
    () => [
      {
        group: "Members",
        options: (members.data ?? []).filter((m) => !value.userIds.includes(m.id)).map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}`.trim() })),
      },
    ],
    [members.data, value.userIds],
  );
  const change = (next: TeamValue) => onChange(normalizeTeam(next));

  return (
    <div className="space-y-2">
      {value.userIds.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Team members">
          {value.userIds.map((userId) => {
            const member = byId.get(userId);
            const name = member ? `${member.firstName} ${member.lastName}`.trim() : "Former member";
            const isLead = value.leadId === userId;
            return (
              <li key={userId} className="flex items-center gap-3 px-3 py-2 text-sm">
                <span className="min-w-0 flex-1 truncate text-slate-900">{name}</span>
                {isLead && <Badge variant="accent">Lead</Badge>}
                <label className="flex items-center gap-1.5 text-slate-600">
                  <input
                    type="radio"
                    name="team-lead"
                    className="size-4 accent-indigo-600"
                    checked={isLead}
                    onChange={() => change({ ...value, leadId: userId })}
                    aria-label={`Make ${name} the lead`}
                  />
                  <span className="hidden sm:inline">Lead</span>
                </label>
                <Tooltip content={`Remove ${name}`}>
                  <button
                    type="button"
                    onClick={() => change({ userIds: value.userIds.filter((id) => id !== userId), leadId: value.leadId })}
                    className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    aria-label={`Remove ${name}`}
                  >
                    <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                      <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                    </svg>
                  </button>
                </Tooltip>
              </li>
            );
          })}
          <li className="flex items-center gap-3 px-3 py-2 text-sm">
            <Radio name="team-lead" className="gap-1.5 text-slate-600" checked={value.leadId === null} onChange={() => change({ ...value, leadId: null })} label="No lead" />
          </li>
        </ul>
      )}
      <GroupedCombobox
        aria-label="Add team member"
        value={null}
        onChange={(userId) => userId && change({ userIds: [...value.userIds, userId], leadId: value.leadId })}
        groups={addable}
        placeholder={members.isPending ? "Loading members…" : "Add team member"}
        disabled={members.isPending || members.isError}
        resetOnSelect
        noMatchText="No member matches"
      />
      {members.isError && (
        <p role="alert" className="text-sm text-red-700">
          Members could not be loaded. Please try refreshing the page.
        </p>
      )}
    </div>
  );
}
