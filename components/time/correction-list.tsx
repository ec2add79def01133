"use client";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { BUSINESS_TIME_ZONE, clockTime } from "@/lib/dates";
import { localDateTime } from "@/lib/dates/wall-clock";
import { useCorrectionList, type CorrectionListView, type InitialDataOptions } from "@/lib/queries/time";
import { CorrectionDecision } from "./approval-actions";

/** Correction requests, newest first; kept fresh through GET /api/admin/time/corrections. */
export function CorrectionList({ initial }: { initial: InitialDataOptions<CorrectionListView> }) {
  const { data: requests } = useCorrectionList(initial);
  if (requests.length === 0) return <EmptyState title="No correction requests" description="Members ask for corrections from their time logs." />;
  return (
    <ul className="space-y-2">
      {requests.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="correction-request">
          <Badge variant={r.status === "pending" ? "warning" : r.status === "approved" ? "success" : "neutral"}>{r.status}</Badge>
          <span className="font-medium">
            {r.user.firstName} {r.user.lastName}
          </span>
          <span className="text-slate-700">
            {r.punchSessionId ? "Change punch to" : "Add punch"} {localDateTime(r.requestedInAt, BUSINESS_TIME_ZONE)} –{" "}
            {clockTime(r.requestedOutAt, BUSINESS_TIME_ZONE)}
          </span>
          <span className="text-slate-600">“{r.reason}”</span>
          {r.status === "pending" ? (
            <span className="ml-auto">
              <CorrectionDecision id={r.id} />
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
