"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/components/ui/use-toast";
import { businessToday } from "@/lib/dates";
import { useCancelTimeOff, useMyTimeOff, useRequestTimeOff } from "@/lib/queries/time-off";
import { BalanceLines } from "./balance-lines";
import { STATUS_LOOK, timeOffSpan } from "./format";

/** /schedule/me's "Time off": request form, my requests with their status, my balances. */
export function MyTimeOff() {
  const mine = useMyTimeOff();
  const requestOff = useRequestTimeOff();
  const cancel = useCancelTimeOff();
  const data = mine.data;
  const today = businessToday();
  const [typeId, setTypeId] = useState("");
  const [startDay, setStartDay] = useState(today);
  const [endDay, setEndDay] = useState(today);
  const [partDay, setPartDay] = useState(false);
  const [hours, setHours] = useState("4");
  const [note, setNote] = useState("");

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const type = typeId || data?.types[0]?.id;
    if (!type) return;
    try {
      await requestOff.mutateAsync({ typeId: type, startDay, endDay, hoursPerDay: partDay ? Number(hours) : null, note: note || null });
      toast({ title: "Time off requested", description: "Your manager has been told." });
      setNote("");
    } catch (error) {
      await toastError(error, { title: "Could not request time off" });
    }
  }

  async function onCancel(id: string) {
    try {
      await cancel.mutateAsync(id);
      toast({ title: "Request cancelled" });
    } catch (error) {
      await toastError(error, { title: "Could not cancel the request" });
    }
  }

  return (
    <section aria-labelledby="time-off-title" className="space-y-3" data-testid="time-off">
      <h2 id="time-off-title" className="text-lg font-semibold text-slate-900">Time off</h2>
      {mine.isError ? <p className="text-sm text-red-700">Could not load your time off.</p> : null}
      {data ? (
        <ul className="flex flex-wrap gap-2" aria-label="My balances" data-testid="time-off-balances">
          {data.balances.map((b) => (
            <li key={b.typeId} className="rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm">
              <span className="text-slate-600">{b.typeName}</span> <span className="font-semibold text-slate-900">{b.hours} h</span>
            </li>
          ))}
        </ul>
      ) : null}
      <BalanceLines />
      <form onSubmit={onSubmit} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2" aria-label="Request time off">
        <div>
          <Label htmlFor="time-off-type">Type</Label>
          <Select id="time-off-type" value={typeId || data?.types[0]?.id || ""} onChange={(e) => setTypeId(e.target.value)}>
            {data?.types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
                {t.paid ? "" : " (unpaid)"}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex items-end gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={partDay} onChange={(e) => setPartDay(e.target.checked)} className="size-4" />
            Some hours a day
          </label>
          {partDay ? (
            <div className="w-24">
              <Label htmlFor="time-off-hours">Hours a day</Label>
              <Input id="time-off-hours" type="number" min="0.25" max="24" step="0.25" value={hours} onChange={(e) => setHours(e.target.value)} />
            </div>
          ) : null}
        </div>
        <div>
          <Label htmlFor="time-off-start">First day</Label>
          <Input id="time-off-start" type="date" value={startDay} onChange={(e) => setStartDay(e.target.value)} required />
        </div>
        <div>
          <Label htmlFor="time-off-end">Last day</Label>
          <Input id="time-off-end" type="date" value={endDay} onChange={(e) => setEndDay(e.target.value)} required />
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor="time-off-note">Note</Label>
          <Textarea id="time-off-note" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" isLoading={requestOff.isPending} disabled={!data}>
            Request time off
          </Button>
        </div>
      </form>
      {data && data.requests.length === 0 ? <p className="text-sm text-slate-600">No time-off requests yet.</p> : null}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" data-testid="my-time-off">
        {data?.requests.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">
                {r.typeName} · {timeOffSpan(r)}
              </span>
              {r.note ? <span className="block text-xs text-slate-600">{r.note}</span> : null}
              {r.decisionNote ? (
                <span className="block text-xs text-slate-600">
                  {r.decidedByName}: {r.decisionNote}
                </span>
              ) : null}
            </span>
            <span className="flex items-center gap-2">
              <span className={cn("rounded px-2 py-0.5 text-xs font-medium capitalize", STATUS_LOOK[r.status])}>{r.status}</span>
              {r.status === "pending" || r.status === "approved" ? (
                <Button variant="secondary" size="sm" onClick={() => onCancel(r.id)} isLoading={cancel.isPending && cancel.variables === r.id}>
                  Cancel
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
