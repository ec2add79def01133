"use client";

import { useMemo } from "react";
import { GroupedCombobox } from "@/components/org/grouped-combobox";
import { useMembers } from "@/lib/queries/members";

/** Add and remove members (no lead): the project's people. */
export function MemberListPicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const members = useMembers();
  const byId = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m])), [members.data]);
  const addable = useMemo(
    () => [{ group: "Members", options: (members.data ?? []).filter((m) => !value.includes(m.id)).map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}`.trim() })) }],
    [members.data, value],
  );
  return (
    <div className="space-y-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Project members">
          {value.map((id) => {
            const m = byId.get(id);
            const name = m ? `${m.firstName} ${m.lastName}`.trim() : "Former member";
            return (
              <li key={id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-sm text-slate-800">
                {name}
                <button
                  type="button"
                  onClick={() => onChange(value.filter((v) => v !== id))}
                  className="rounded-full p-0.5 text-slate-500 hover:bg-slate-200 hover:text-red-600"
                  aria-label={`Remove ${name}`}
                >
                  <svg className="size-3.5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                    <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                  </svg>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <GroupedCombobox
        aria-label="Add member"
        value={null}
        onChange={(id) => id && onChange([...value, id])}
        groups={addable}
        placeholder={members.isPending ? "Loading members…" : "Add member"}
        disabled={members.isPending || members.isError}
        resetOnSelect
        noMatchText="No member matches"
      />
    </div>
  );
}

/** One member, from every active member (a project's owner by default; the words name another use). */
export function MemberPicker({
  id,
  value,
  onChange,
  "aria-label": ariaLabel,
  placeholder = "No owner",
  clearLabel = "Clear owner",
}: {
  id?: string;
  value: string | null;
  onChange: (id: string | null) => void;
  "aria-label"?: string;
  /** What no member reads as. */
  placeholder?: string;
  clearLabel?: string;
}) {
  const members = useMembers();
  const groups = useMemo(() => [{ group: "Members", options: (members.data ?? []).map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}`.trim() })) }], [members.data]);
  return (
    <GroupedCombobox
      id={id}
      aria-label={ariaLabel}
      value={value}
      onChange={onChange}
      groups={groups}
      placeholder={members.isPending ? "Loading members…" : placeholder}
      clearable
      clearLabel={clearLabel}
      noMatchText="No member matches"
    />
  );
}
