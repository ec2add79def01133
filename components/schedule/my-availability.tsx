"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { addDays, businessToday } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import { useMyAvailability, useSubmitAvailability, useWithdrawAvailability, type AvailabilityChange, type MyAvailability } from "@/lib/queries/schedule-planning";
import { AVAILABILITY_KINDS, describeBlocks, KIND_LABELS, type AvailabilityBlock, type AvailabilityKind } from "@/lib/schedule/availability";
import { describeWeekly, WEEKDAY_SHORT, WEEKDAYS_MONDAY_FIRST } from "./availability-format";

const STATUS_WORDS = { pending: "Waiting for approval", approved: "In force", declined: "Declined", superseded: "Replaced", withdrawn: "Withdrawn" } as const;

/** A time input's "00:00" as an end is midnight at the day's end. */
const endOf = (to: string) => (to === "00:00" ? "24:00" : to);

/**
 * /schedule/me's "Availability" (docs/schedules.md "Availability"): my weekly availability
 * (available, preferred or unavailable by time of day) and a date's exceptions. A change waits
 * for a manager when the setting says so; what is in force and what waits are both shown.
 */
export function MyAvailability() {
  const mine = useMyAvailability();
  const data = mine.data;
  return (
    <section aria-labelledby="availability-title" className="space-y-3" data-testid="my-availability">
      <h2 id="availability-title" className="text-lg font-semibold text-slate-900">
        Availability
      </h2>
      {mine.isError ? <p className="text-sm text-red-700">Could not load your availability.</p> : null}
      {data ? (
        <>
          <p className="text-sm text-slate-600">
            When you can work, so the schedule fits you. A day with no times has no limits.
            {data.requiresApproval ? " A change takes effect once a manager approves it." : " A change takes effect at once."}
          </p>
          <WeeklyForm key={JSON.stringify(pendingWeekly(data)?.blocks ?? data.weekly)} data={data} />
          <Exceptions data={data} />
        </>
      ) : null}
    </section>
  );
}

const pendingWeekly = (data: MyAvailability) => data.requests.find((r) => r.status === "pending" && r.day === null);

function WeeklyForm({ data }: { data: MyAvailability }) {
  const waiting = pendingWeekly(data);
  const [blocks, setBlocks] = useState<AvailabilityBlock[]>(() => (waiting?.blocks ?? data.weekly).map((b) => ({ ...b })));
  const [note, setNote] = useState("");
  const submit = useSubmitAvailability();

  const set = (i: number, patch: Partial<AvailabilityBlock>) => setBlocks(blocks.map((b, j) => (j === i ? { ...b, ...patch } : b)));

  async function onSave(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await submit.mutateAsync({ blocks: blocks.map((b) => ({ ...b, to: endOf(b.to) })), note: note.trim() || null });
      toast({ title: saved.status === "pending" ? "Availability sent for approval" : "Availability saved" });
      setNote("");
    } catch (error) {
      await toastError(error, { title: "Could not save your availability" });
    }
  }

  return (
    <form onSubmit={onSave} aria-label="Weekly availability" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="text-sm">
        <p className="text-slate-700">
          <span className="font-medium">In force:</span> {describeWeekly(data.weekly, false)}
        </p>
        {waiting ? (
          <p className="flex flex-wrap items-center gap-x-3 text-amber-800" data-testid="availability-waiting">
            <span>
              <span className="font-medium">Waiting for approval:</span> {describeWeekly(waiting.blocks, false)}
            </span>
            <WithdrawButton change={waiting} label="Withdraw the weekly change" />
          </p>
        ) : null}
      </div>
      <ul className="divide-y divide-slate-100">
        {WEEKDAYS_MONDAY_FIRST.map((weekday) => (
          <li key={weekday} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-start">
            <span className="w-12 shrink-0 pt-2 text-sm font-medium text-slate-800">{WEEKDAY_SHORT[weekday]}</span>
            <div className="min-w-0 flex-1 space-y-2">
              {blocks.map((b, i) =>
                b.weekday === weekday ? (
                  <BlockFields key={i} id={`availability-${i}`} block={b} onChange={(patch) => set(i, patch)} onRemove={() => setBlocks(blocks.filter((_, j) => j !== i))} label={WEEKDAY_SHORT[weekday]} />
                ) : null,
              )}
              <button
                type="button"
                onClick={() => setBlocks([...blocks, { weekday, from: "08:00", to: "17:00", kind: "available" }])}
                className="text-sm text-indigo-700 hover:underline"
                aria-label={`Add time on ${WEEKDAY_SHORT[weekday]}`}
              >
                + Add time
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div>
        <Label htmlFor="availability-note">Note</Label>
        <Input id="availability-note" maxLength={500} placeholder="School run on Tuesdays" value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={submit.isPending}>
          Save availability
        </Button>
      </div>
    </form>
  );
}

function BlockFields({ id, block, onChange, onRemove, label }: { id: string; block: AvailabilityBlock; onChange: (patch: Partial<AvailabilityBlock>) => void; onRemove: () => void; label: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="availability-block">
      <div className="flex w-full items-center gap-2 sm:contents">
        <Select aria-label={`${label}: kind`} id={`${id}-kind`} className="h-10 min-w-0 flex-1 sm:w-36 sm:flex-none" value={block.kind} onChange={(e) => onChange({ kind: e.target.value as AvailabilityKind })}>
          {AVAILABILITY_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </Select>
        <button type="button" onClick={onRemove} aria-label={`Remove ${label} ${block.from}`} className="rounded px-2 py-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 sm:order-last">
          ✕
        </button>
      </div>
      <div className="flex items-center gap-2">
        <Input aria-label={`${label}: from`} type="time" required className="w-34" value={block.from} onChange={(e) => onChange({ from: e.target.value })} />
        <span className="text-slate-500">–</span>
        <Input aria-label={`${label}: to`} type="time" required className="w-34" value={block.to === "24:00" ? "00:00" : block.to} onChange={(e) => onChange({ to: e.target.value })} />
      </div>
    </div>
  );
}

function Exceptions({ data }: { data: MyAvailability }) {
  const [day, setDay] = useState(addDays(businessToday(), 1));
  const [allDay, setAllDay] = useState(true);
  const [block, setBlock] = useState<AvailabilityBlock>({ from: "08:00", to: "12:00", kind: "available" });
  const submit = useSubmitAvailability();
  const waiting = data.requests.filter((r) => r.day !== null && r.status !== "superseded");

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    const blocks = allDay ? [{ from: "00:00", to: "24:00", kind: "unavailable" as const }] : [{ ...block, to: endOf(block.to) }];
    try {
      const saved = await submit.mutateAsync({ day, blocks });
      toast({ title: saved.status === "pending" ? "Exception sent for approval" : "Exception saved", description: `${dayLabel(day)}: ${describeBlocks(saved.blocks)}` });
    } catch (error) {
      await toastError(error, { title: "Could not save the exception" });
    }
  }

  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <h3 className="text-sm font-semibold text-slate-800">Exceptions</h3>
      <form onSubmit={onAdd} aria-label="Add an exception" className="flex flex-wrap items-end gap-2">
        <div>
          <Label htmlFor="exception-day" required>
            Day
          </Label>
          <Input id="exception-day" type="date" required className="w-40" value={day} onChange={(e) => setDay(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="exception-kind">That day</Label>
          <Select id="exception-kind" className="w-44" value={allDay ? "off" : "times"} onChange={(e) => setAllDay(e.target.value === "off")}>
            <option value="off">Unavailable all day</option>
            <option value="times">Some hours</option>
          </Select>
        </div>
        {allDay ? null : <BlockFields id="exception-block" block={block} onChange={(patch) => setBlock({ ...block, ...patch })} onRemove={() => setAllDay(true)} label="Exception" />}
        <Button type="submit" variant="secondary" isLoading={submit.isPending}>
          Add exception
        </Button>
      </form>
      {data.exceptions.length + waiting.length === 0 ? <p className="text-sm text-slate-600">No exceptions.</p> : null}
      <ul className="divide-y divide-slate-100 text-sm" data-testid="availability-exceptions">
        {[...data.exceptions, ...waiting].map((r) => (
          <li key={r.id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
            <span className="font-medium text-slate-900">{dayLabel(r.day!)}</span>
            <span className="text-slate-700">{describeBlocks(r.blocks) || "No limits"}</span>
            <span className="w-full text-xs text-slate-500 sm:w-auto">
              {STATUS_WORDS[r.status]}
              {r.decisionNote ? ` · ${r.decisionNote}` : ""}
            </span>
            {r.status === "pending" || r.status === "approved" ? <WithdrawButton change={r} label={`Withdraw the exception of ${dayLabel(r.day!)}`} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Withdraws my own change (docs/schedules.md "Availability"): a pending one, or a date's
 * exception in force (that day reads my weekly times again). Asks first; the managers are told.
 */
function WithdrawButton({ change, label }: { change: AvailabilityChange; label: string }) {
  const withdraw = useWithdrawAvailability();
  const [asking, setAsking] = useState(false);
  async function onWithdraw() {
    try {
      await withdraw.mutateAsync(change.id);
      toast({ title: change.day ? "Exception withdrawn" : "Change withdrawn", description: change.day ? `${dayLabel(change.day)}: your weekly times apply again` : undefined });
    } catch (error) {
      await toastError(error, { title: "Could not withdraw it" });
    } finally {
      setAsking(false);
    }
  }
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)} aria-label={label} className="min-h-9 text-sm font-medium text-indigo-700 hover:underline">
        Withdraw
      </button>
    );
  }
  return (
    <span className="flex items-center gap-2" role="group" aria-label={label}>
      <span className="text-xs text-slate-700">Withdraw it?</span>
      <Button type="button" size="sm" variant="secondary" isLoading={withdraw.isPending} onClick={onWithdraw}>
        Yes, withdraw
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setAsking(false)}>
        Keep
      </Button>
    </span>
  );
}
