"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { getFriendlyError } from "@/lib/api-client";
import { useMemberBreakdown, useScoreboard } from "@/lib/queries/reports";
import type { Highlight, ScoreboardMemberRow } from "@/lib/validations/reports";
import { formatDay } from "@/lib/dates";
import { PRIVATE_TASK_TITLE } from "@/lib/tasks/task-title";
import { SCOREBOARD_PERIODS, SCOREBOARD_PERIOD_LABELS, type ScoreboardPeriod } from "@/lib/reports/options";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { RowLink } from "@/components/ui/row-link";

// The settings form (react-hook-form and zod, ≈ 45 KB gzipped) loads when an admin first opens it.
const ScoreboardSettingsDialog = lazyDialog(() => import("./scoreboard-settings").then((m) => m.ScoreboardSettingsDialog));

const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ""));

/**
 * /scoreboard: a ranking of members and of departments for a period (this week, last week, this
 * month, last month), the highlights, and each member's breakdown (the tasks that made their
 * points). Staff see only their own row when the settings hide names. Admins edit the settings.
 */
export function ScoreboardScreen({ canEditSettings }: { canEditSettings: boolean }) {
  const [period, setPeriod] = useState<ScoreboardPeriod>("this-week");
  const [selected, setSelected] = useState<ScoreboardMemberRow | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const board = useScoreboard(period);
  const data = board.data;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Scoreboard</h1>
        {canEditSettings && (
          <Button variant="secondary" onClick={() => setSettingsOpen(true)}>
            Scoreboard settings
          </Button>
        )}
      </div>

      <div role="radiogroup" aria-label="Period" className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {SCOREBOARD_PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            role="radio"
            aria-checked={period === p}
            onClick={() => setPeriod(p)}
            className={`h-10 rounded-md px-4 text-sm font-medium ring-1 ring-inset ${period === p ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            {SCOREBOARD_PERIOD_LABELS[p]}
          </button>
        ))}
      </div>

      {board.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Spinner label="Loading the scoreboard" />
          <div className="h-24 animate-pulse rounded-lg bg-slate-100" />
          <div className="h-64 animate-pulse rounded-lg bg-slate-100" />
        </div>
      ) : board.isError ? (
        <EmptyState title="Could not load the scoreboard" description={getFriendlyError(board.error).description} action={<Button onClick={() => board.refetch()}>Try Again</Button>} />
      ) : data ? (
        <>
          <p className="text-sm text-slate-600">
            {data.periodLabel}: {formatDay(data.start)} – {formatDay(new Date(new Date(data.end).getTime() - 1))}
          </p>

          <section aria-label="Highlights" className="grid gap-3 sm:grid-cols-3">
            <HighlightCard title="Most improved" highlight={data.highlights.mostImproved} unit={["point more than the period before", "points more than the period before"]} />
            <HighlightCard title="Longest on-time streak" highlight={data.highlights.onTimeStreak} unit={["task on time", "tasks on time in a row"]} />
            <HighlightCard title="Pickups hero" highlight={data.highlights.pickupsHero} unit={["pickup claimed and completed", "pickups claimed and completed"]} />
          </section>

          <div className="grid gap-5 lg:grid-cols-3">
            <Card className="lg:col-span-2">
              <CardHeader>
                <CardTitle as="h2">Members</CardTitle>
                {!data.namesVisible && <p className="text-sm text-slate-600">Only your own rank is shown; the department ranking is for everyone.</p>}
              </CardHeader>
              <CardContent className="px-0 py-0">
                {data.members.length === 0 ? (
                  <EmptyState className="m-4" title="No members to rank" description="Nobody has earned points in this period yet." />
                ) : (
                  <table className="w-full text-sm">
                    <caption className="sr-only">Members ranked by points, {data.periodLabel.toLowerCase()}</caption>
                    <thead className="bg-slate-50 text-left text-xs font-medium text-slate-600 uppercase">
                      <tr>
                        <th scope="col" className="w-12 px-3 py-2">Rank</th>
                        <th scope="col" className="px-3 py-2">Member</th>
                        <th scope="col" className="hidden px-3 py-2 md:table-cell">Department</th>
                        <th scope="col" className="px-3 py-2 text-right">Points</th>
                        <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">Tasks</th>
                        <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">On time</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {data.members.map((m) => (
                        <tr key={m.userId} className={m.isMe ? "bg-indigo-50/60" : undefined} data-testid="scoreboard-member">
                          <td className="px-3 py-2 font-semibold text-slate-900">{m.rank}</td>
                          <td className="px-3 py-2">
                            <button type="button" className="text-left font-medium text-indigo-700 hover:underline" onClick={() => setSelected(m)} aria-label={`Show the points of ${m.name ?? "this member"}`}>
                              {m.name ?? "You"}
                            </button>
                            {m.isMe && <span className="ml-2 rounded bg-indigo-100 px-1.5 py-0.5 text-xs text-indigo-800">You</span>}
                          </td>
                          <td className="hidden px-3 py-2 text-slate-600 md:table-cell">{m.department ?? "—"}</td>
                          <td className="px-3 py-2 text-right font-semibold tabular-nums">{points(m.points)}</td>
                          <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">{m.tasks}</td>
                          <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">{m.onTime}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle as="h2">Departments</CardTitle>
              </CardHeader>
              <CardContent className="px-0 py-0">
                {data.departments.length === 0 ? (
                  <EmptyState className="m-4" title="No departments yet" />
                ) : (
                  <table className="w-full text-sm">
                    <caption className="sr-only">Departments ranked by points</caption>
                    <thead className="bg-slate-50 text-left text-xs font-medium text-slate-600 uppercase">
                      <tr>
                        <th scope="col" className="w-12 px-3 py-2">Rank</th>
                        <th scope="col" className="px-3 py-2">Department</th>
                        <th scope="col" className="px-3 py-2 text-right">Points</th>
                        <th scope="col" className="px-3 py-2 text-right">Tasks</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {data.departments.map((d) => (
                        <tr key={d.unitId} data-testid="scoreboard-department">
                          <td className="px-3 py-2 font-semibold">{d.rank}</td>
                          <td className="px-3 py-2">{d.name}</td>
                          <td className="px-3 py-2 text-right font-semibold tabular-nums">{points(d.points)}</td>
                          <td className="px-3 py-2 text-right tabular-nums">{d.tasks}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </CardContent>
            </Card>
          </div>
          <p className="text-xs text-slate-500">
            Points come from completed tasks: the priority&apos;s weight, a bonus when completed by the due date, a little for checklists and pickups, split across a team. Late work earns less; a reopened task counts again only once completed.
          </p>
        </>
      ) : null}

      <BreakdownDialog member={selected} period={period} onClose={() => setSelected(null)} />
      {canEditSettings && <ScoreboardSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />}
    </div>
  );
}

function HighlightCard({ title, highlight, unit }: { title: string; highlight: Highlight | null; unit: [singular: string, plural: string] }) {
  return (
    <Card>
      <CardContent>
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        {highlight ? (
          <p className="mt-1 text-slate-900">
            <span className="font-semibold">{highlight.name ?? "A teammate"}</span>
            <span className="block text-sm text-slate-600">
              {points(highlight.value)} {highlight.value === 1 ? unit[0] : unit[1]}
            </span>
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-500">Nobody yet this period</p>
        )}
      </CardContent>
    </Card>
  );
}

const REASONS = { "quick-complete": "Created and completed within minutes by the same person: no points" } as const;

function BreakdownDialog({ member, period, onClose }: { member: ScoreboardMemberRow | null; period: ScoreboardPeriod; onClose: () => void }) {
  const breakdown = useMemberBreakdown(member?.userId ?? null, period);
  const data = breakdown.data;
  return (
    <Dialog open={Boolean(member)} onClose={onClose} size="lg" title={member ? `${member.name ? `${member.name}'s` : "Your"} points, ${SCOREBOARD_PERIOD_LABELS[period].toLowerCase()}` : ""} footer={<Button onClick={onClose}>Close</Button>}>
      {breakdown.isPending ? (
        <Spinner label="Loading the breakdown" />
      ) : breakdown.isError ? (
        <p className="text-sm text-red-700">{getFriendlyError(breakdown.error).description}</p>
      ) : data ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            <span className="font-semibold">{points(data.points)} points</span> from {data.tasks.length} {data.tasks.length === 1 ? "task" : "tasks"}.
            {data.excluded && " Contractors and volunteers are left out of the ranking by the scoreboard settings."}
          </p>
          {data.tasks.length === 0 ? (
            <EmptyState title="No completed tasks in this period" />
          ) : (
            <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Tasks that made the points">
              {data.tasks.map((t, i) => (
                <li key={t.taskId ?? `hidden-${i}`} className="flex items-start justify-between gap-3 p-3 text-sm" data-testid="breakdown-task">
                  <div className="min-w-0">
                    {t.hidden ? (
                      <span className="text-slate-500 italic">{PRIVATE_TASK_TITLE}</span>
                    ) : (
                      <RowLink href={`/tasks/${t.taskId}`} className="font-medium break-words text-indigo-700 hover:underline">
                        #{t.displayNumber} {t.title}
                      </RowLink>
                    )}
                    <p className="text-xs text-slate-600">
                      {t.priority.charAt(0).toUpperCase() + t.priority.slice(1)} · completed {formatDay(t.completedAt)} · {t.onTime ? "on time" : "late"}
                      {t.share < 1 && ` · ${Math.round(t.share * 100)}% share${t.isLead ? " (lead)" : ""}`}
                      {t.checklistPoints > 0 && ` · checklist +${points(t.checklistPoints)}`}
                      {t.pickupPoints > 0 && ` · pickup +${points(t.pickupPoints)}`}
                      {t.reopenCount > 0 && ` · reopened ${t.reopenCount}×, counted once`}
                    </p>
                    {t.reason && <p className="text-xs text-amber-700">{REASONS[t.reason]}</p>}
                  </div>
                  <span className="shrink-0 font-semibold tabular-nums">{points(t.points)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
