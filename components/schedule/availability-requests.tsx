"use client";

import { DecisionActions } from "@/components/ui/decision-actions";
import { useState } from "react";
import { Checkbox } from "@/components/ui/input";
import { toast, toastError } from "@/components/ui/use-toast";
import { dayLabel } from "@/lib/dates/day-labels";
import { useDecideAvailability, useMyAvailability, usePendingAvailability, useScheduleSettings } from "@/lib/queries/schedule-planning";
import { describeWeekly } from "./availability-format";

/**
 * /schedule's "Availability changes" (docs/schedules.md "Availability"): the members' changes
 * waiting for the manager, what is in force beside what is asked, Approve / Decline with a note;
 * for admins, the setting whether changes need approval at all.
 */
export function AvailabilityRequests({ canManageAll = false }: { canManageAll?: boolean }) {
  const pending = usePendingAvailability();
  const decide = useDecideAvailability();
  const [notes, setNotes] = useState<Record<string, string>>({});
  const requests = pending.data?.requests ?? [];

  async function onDecide(id: string, decision: "approve" | "decline") {
    try {
      await decide.mutateAsync({ id, decision, note: notes[id] || undefined });
      toast({ title: decision === "approve" ? "Availability approved" : "Availability declined" });
    } catch (error) {
      await toastError(error, { title: "Could not decide the change" });
    }
  }

  return (
    <section aria-labelledby="availability-requests-title" className="space-y-2" data-testid="availability-requests">
      <h2 id="availability-requests-title" className="text-lg font-semibold text-slate-900">
        Availability changes
      </h2>
      {canManageAll ? <ApprovalSetting /> : null}
      {pending.isError ? <p className="text-sm text-red-700">Could not load the availability changes.</p> : null}
      {pending.data && requests.length === 0 ? <p className="text-sm text-slate-600">No availability changes waiting.</p> : null}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {requests.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">
                {r.memberName} · {r.day ? dayLabel(r.day) : "Weekly availability"}
              </span>
              <span className="block text-slate-700">Asks: {describeWeekly(r.blocks, r.day !== null)}</span>
              <span className="block text-xs text-slate-500">Now: {describeWeekly(r.current, r.day !== null)}</span>
              {r.note ? <span className="block text-xs text-slate-600">{r.note}</span> : null}
            </span>
            <DecisionActions
              memberName={r.memberName}
              note={notes[r.id] ?? ""}
              onNote={(note) => setNotes({ ...notes, [r.id]: note })}
              onDecide={(decision) => onDecide(r.id, decision)}
              deciding={decide.isPending && decide.variables?.id === r.id ? decide.variables.decision : null}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The admins' switch: availability changes need a manager's approval, or are in force at once. */
function ApprovalSetting() {
  // The admin's own availability answer carries the setting.
  const mine = useMyAvailability();
  const update = useScheduleSettings();
  const checked = mine.data?.requiresApproval ?? true;

  async function onChange(next: boolean) {
    try {
      await update.mutateAsync({ availabilityRequiresApproval: next });
      toast({ title: next ? "Availability changes now need approval" : "Availability changes now apply at once" });
    } catch (error) {
      await toastError(error, { title: "Could not save the setting" });
    }
  }

  return (
    <Checkbox
      id="availability-approval"
      label="Availability changes need a manager's approval"
      checked={checked}
      disabled={!mine.data || update.isPending}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
