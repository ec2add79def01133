"use client";
import { buttonClasses } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { clockTime } from "@/lib/dates";
import { localDateTime } from "@/lib/dates/wall-clock";
import { useTimeLog, type InitialDataOptions, type TimeLogFilters, type TimeLogView } from "@/lib/queries/time";
import { CorrectionButton } from "./correction-button";
import { DayView, TotalsBar } from "./day-view";
import { RangePicker } from "./range-picker";
import { MemberSwitcher } from "./member-switcher";
import { EntryActions, PunchActions, AddPunchButton, type PunchLock } from "./punch-actions";
import { dayOf } from "@/lib/time/calc";

interface TimeLogsScreenProps {
  callerId: string;
  /** The address's filters, as GET /api/time/logs takes them. */
  filters: TimeLogFilters;
  initial: InitialDataOptions<TimeLogView>;
  /** Whom the caller may pick (empty: only themselves). */
  members: { id: string; firstName: string; lastName: string }[];
  basePath: string;
  /** The time card's drill-down: admin edit controls instead of correction requests. */
  adminMode?: boolean;
  /** The caller may unlock pay periods (`time.lock`): locked punches offer Unlock. */
  canUnlock?: boolean;
  /** Query kept on links (the time card's tab). */
  extraKeep?: Record<string, string | undefined>;
}

function exportHref(log: TimeLogView, format: "csv" | "pdf") {
  const q = new URLSearchParams({ format, userId: log.member.id, range: "custom", from: log.range.from, to: log.range.to });
  return `/api/time/logs/export?${q.toString()}`;
}

/** /time-logs (and the time card's member view): the day view of one member over a range. */
export function TimeLogsScreen({ callerId, filters, initial, members, basePath, adminMode = false, canUnlock = false, extraKeep = {} }: TimeLogsScreenProps) {
  const { data: log } = useTimeLog(filters, initial);
  const own = log.member.id === callerId;
  const keep = { ...extraKeep, member: filters.userId };
  const name = `${log.member.firstName} ${log.member.lastName}`.trim();
  /** The locked period a punch falls in (by its start, else its end), for its Unlock. */
  const lockOf = (p: TimeLogView["days"][number]["punches"][number]): PunchLock | null => {
    if (!p.flags.locked) return null;
    const days = [p.punchInAt, p.punchOutAt].filter((v): v is string => v !== null).map((v) => dayOf(new Date(v), log.timeZone));
    const lock = log.locks.find((l) => days.some((d) => l.start <= d && d <= l.end)) ?? log.locks[0];
    return { period: lock?.start ?? days[0], userId: log.member.id, canUnlock };
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          {adminMode ? null : <h1 className="text-2xl font-semibold text-slate-900">Time Logs</h1>}
          <p className="text-sm text-slate-600">
            {own ? "Your time" : name}
            {log.member.isActive ? "" : " (deactivated)"} · times in {log.timeZone.replace("_", " ")}
          </p>
        </div>
        {members.length > 1 ? <MemberSwitcher callerId={callerId} memberId={log.member.id} members={members} basePath={basePath} range={log.range} keep={extraKeep} /> : null}
      </div>

      {log.attention.length > 0 ? (
        <div role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="forgotten-banner">
          <span aria-hidden className="text-lg leading-none">⚠</span>
          <div>
            <p className="font-semibold">{own ? "Did you forget to punch out?" : "Forgotten punch-out"}</p>
            <ul>
              {log.attention.map((a) => (
                <li key={a.id}>
                  Punch from {localDateTime(a.punchInAt, log.timeZone)} {a.autoClosed ? "was closed automatically and counts as zero" : "is still open"}.{" "}
                  {own ? "Request a correction with the real end time." : "Correct it with the real end time."}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}

      <RangePicker basePath={basePath} range={log.range} keep={keep} />
      <TotalsBar log={log} />

      <div className="flex flex-wrap items-center gap-2">
        {log.flags.open ? <Badge variant="success">{log.flags.open} open</Badge> : null}
        {log.flags.autoClosed ? <Badge variant="danger">{log.flags.autoClosed} auto-closed</Badge> : null}
        {log.flags.edited ? <Badge variant="accent">{log.flags.edited} edited</Badge> : null}
        {log.locks.map((l) => (
          <Badge key={l.start} variant="neutral">
            Locked {l.start} – {l.end}
          </Badge>
        ))}
        <span className="ml-auto flex flex-wrap gap-2">
          <a href={exportHref(log, "csv")} className={buttonClasses({ size: "sm", variant: "secondary" })} download>
            Export CSV
          </a>
          <a href={exportHref(log, "pdf")} className={buttonClasses({ size: "sm", variant: "secondary" })} target="_blank" rel="noopener">
            Export PDF
          </a>
          {adminMode ? <AddPunchButton userId={log.member.id} /> : own ? <CorrectionButton label="Request missing punch" /> : null}
        </span>
      </div>

      <DayView
        log={log}
        punchActions={
          adminMode
            ? (p) => <PunchActions punch={{ id: p.id, punchInAt: p.punchInAt, punchOutAt: p.punchOutAt, outReason: p.outReason }} lock={lockOf(p)} />
            : own
              ? (p) => (p.flags.locked ? null : <CorrectionButton punchId={p.id} punchInAt={p.punchInAt} punchOutAt={p.punchOutAt} />)
              : undefined
        }
        entryActions={adminMode ? (e, p) => <EntryActions entry={{ id: e.id, startedAt: e.startedAt, endedAt: e.endedAt }} locked={p.flags.locked} /> : undefined}
      />

      {log.corrections.length > 0 ? (
        <section aria-labelledby="corrections-heading" className="space-y-2">
          <h2 id="corrections-heading" className="text-base font-semibold text-slate-900">
            Correction requests
          </h2>
          <ul className="space-y-1 text-sm">
            {log.corrections.map((c) => (
              <li key={c.id} className="rounded-md border border-slate-200 bg-white p-2">
                <Badge variant={c.status === "pending" ? "warning" : c.status === "approved" ? "success" : "neutral"}>{c.status}</Badge>{" "}
                {localDateTime(c.requestedInAt, log.timeZone)} – {clockTime(c.requestedOutAt, log.timeZone)} · {c.reason}
                {c.decisionNote ? ` · ${c.decisionNote}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

