"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { dayLabel } from "@/lib/dates/day-labels";
import { useWaiveBreak } from "@/lib/queries/time";
import { ReasonDialog } from "./reason-dialog";

export interface BreakIssueView {
  date: string;
  kind: "meal" | "rest";
  index: number;
  problem: "missed" | "short" | "late";
  requiredMinutes: number;
  takenMinutes: number | null;
  waiver: { reason: string; by: string } | null;
}

const words = (i: BreakIssueView) =>
  `${dayLabel(i.date)} ${i.kind} ${i.problem}${i.problem === "short" && i.takenMinutes !== null ? ` (${i.takenMinutes} of ${i.requiredMinutes} min)` : i.problem === "missed" ? ` (${i.requiredMinutes} min owed)` : ""}`;

/**
 * A member's missed, short or late breaks on the time card (docs/time.md "Missed breaks"), one
 * line per day and kind, each with Waive (a reason, audited) while the period is not locked.
 */
export function BreakIssues({ userId, issues, locked, premiumMinutes }: { userId: string; issues: BreakIssueView[]; locked: boolean; premiumMinutes: number }) {
  const waive = useWaiveBreak();
  const [target, setTarget] = useState<{ date: string; kind: "meal" | "rest" } | null>(null);
  if (issues.length === 0) return null;
  // One line per day and kind: a waiver covers the kind's problems of that day.
  const groups = [...Map.groupBy(issues, (i) => `${i.date} ${i.kind}`).values()];
  return (
    <span className="mt-1 block space-y-1 text-xs font-normal" data-testid="card-break-issues">
      {groups.map((group) => {
        const first = group[0];
        return (
          <span key={`${first.date}-${first.kind}`} className="flex flex-wrap items-center gap-1">
            <Badge variant={first.waiver ? "neutral" : "warning"}>{first.waiver ? "Break waived" : "Missed break"}</Badge>
            <span className="text-slate-700">{group.map(words).join("; ")}</span>
            {first.waiver ? (
              <span className="text-slate-500">
                — {first.waiver.by}: {first.waiver.reason}
              </span>
            ) : locked ? null : (
              <Button size="sm" variant="ghost" onClick={() => setTarget({ date: first.date, kind: first.kind })} aria-label={`Waive the ${first.kind} break of ${dayLabel(first.date)}`}>
                Waive
              </Button>
            )}
          </span>
        );
      })}
      {premiumMinutes > 0 ? (
        <span className="block text-amber-800" data-testid="card-premium">
          Break premium owed: {(premiumMinutes / 60).toFixed(2)} h
        </span>
      ) : null}
      <ReasonDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title={target ? `Waive the ${target.kind} break of ${dayLabel(target.date)}` : "Waive a break"}
        confirm="Waive"
        pending={waive.isPending}
        onConfirm={async (reason) => {
          if (!target) return;
          await waive.mutateAsync({ userId, date: target.date, kind: target.kind, reason });
          toast({ title: "Break waived" });
        }}
      />
    </span>
  );
}
