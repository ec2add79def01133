"use client";

import { useState } from "react";
import { shiftWhen } from "@/components/schedule/my-swaps";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast, toastError } from "@/components/ui/use-toast";
import { useDecideSwap, useSwaps, useUnitScheduleSettings } from "@/lib/queries/swaps";

/**
 * /schedule's "Swaps and covers": the accepted ones waiting for the manager (Approve / Decline
 * with a note), and each department's "Swaps and covers need approval" setting.
 */
export function SwapApprovals() {
  const swaps = useSwaps();
  const decide = useDecideSwap();
  const settings = useUnitScheduleSettings();
  const [notes, setNotes] = useState<Record<string, string>>({});
  const waiting = swaps.data?.toApprove ?? [];

  async function onDecide(id: string, decision: "approve" | "decline") {
    try {
      await decide.mutateAsync({ id, decision, note: notes[id] || undefined });
      toast({ title: decision === "approve" ? "Approved: the shifts changed hands" : "Declined", description: "Both members have been told." });
    } catch (error) {
      await toastError(error, { title: "Could not decide" });
    }
  }
  async function onSetting(unitId: string, swapsNeedApproval: boolean) {
    try {
      await settings.mutateAsync({ unitId, swapsNeedApproval });
    } catch (error) {
      await toastError(error, { title: "Could not save the setting" });
    }
  }

  return (
    <section aria-labelledby="swap-approvals-title" className="space-y-2" data-testid="swap-approvals">
      <h2 id="swap-approvals-title" className="text-lg font-semibold text-slate-900">Swaps and covers</h2>
      {swaps.isError ? <p className="text-sm text-red-700">Could not load the swaps and covers.</p> : null}
      {swaps.data && waiting.length === 0 ? <p className="text-sm text-slate-600">No swaps or covers waiting for approval.</p> : null}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {waiting.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">
                {s.kind === "cover" ? `${s.acceptedBy?.name} covers for ${s.offeredBy.name}` : `${s.offeredBy.name} and ${s.acceptedBy?.name} swap`}
              </span>
              <span className="block text-slate-700">
                {s.offeredBy.name}: {shiftWhen(s.shift)} · {s.shift.unitName}
              </span>
              {s.givenShift ? (
                <span className="block text-slate-700">
                  {s.acceptedBy?.name}: {shiftWhen(s.givenShift)}
                </span>
              ) : null}
              {s.note ? <span className="block text-xs text-slate-600">{s.note}</span> : null}
            </span>
            <span className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
              <Input aria-label="Note to both members" placeholder="Note (optional)" className="min-w-0 flex-1 sm:w-48" value={notes[s.id] ?? ""} onChange={(e) => setNotes({ ...notes, [s.id]: e.target.value })} />
              <Button size="sm" onClick={() => onDecide(s.id, "approve")} isLoading={decide.isPending && decide.variables?.id === s.id && decide.variables.decision === "approve"}>
                Approve
              </Button>
              <Button variant="secondary" size="sm" onClick={() => onDecide(s.id, "decline")} isLoading={decide.isPending && decide.variables?.id === s.id && decide.variables.decision === "decline"}>
                Decline
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {swaps.data && swaps.data.departments.length > 0 ? (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <legend className="sr-only">Approval of swaps and covers by department</legend>
          {swaps.data.departments.map((d) => (
            <label key={d.id} className="flex items-center gap-2">
              <input type="checkbox" className="size-4" checked={d.swapsNeedApproval} onChange={(e) => onSetting(d.id, e.target.checked)} />
              {d.name}: swaps and covers need approval
            </label>
          ))}
        </fieldset>
      ) : null}
    </section>
  );
}
