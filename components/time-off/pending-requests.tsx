"use client";

import { DecisionActions } from "@/components/ui/decision-actions";
import { useState } from "react";
import { toast, toastError } from "@/components/ui/use-toast";
import { useDecideTimeOff, usePendingTimeOff } from "@/lib/queries/time-off";
import { timeOffSpan } from "./format";

/** /schedule's "Requests": the pending time-off requests the manager decides, Approve / Decline with a note. */
export function PendingRequests() {
  const pending = usePendingTimeOff();
  const decide = useDecideTimeOff();
  const [notes, setNotes] = useState<Record<string, string>>({});
  const requests = pending.data?.requests ?? [];

  async function onDecide(id: string, decision: "approve" | "decline") {
    try {
      await decide.mutateAsync({ id, decision, note: notes[id] || undefined });
      toast({ title: decision === "approve" ? "Time off approved" : "Time off declined", description: "The member has been told." });
    } catch (error) {
      await toastError(error, { title: "Could not decide the request" });
    }
  }

  return (
    <section aria-labelledby="requests-title" className="space-y-2" data-testid="time-off-requests">
      <h2 id="requests-title" className="text-lg font-semibold text-slate-900">Requests</h2>
      {pending.isError ? <p className="text-sm text-red-700">Could not load the requests.</p> : null}
      {pending.data && requests.length === 0 ? <p className="text-sm text-slate-600">No time-off requests waiting.</p> : null}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {requests.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">
                {r.memberName} · {r.typeName}
              </span>
              <span className="block text-slate-600">{timeOffSpan(r)}</span>
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
