"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/components/ui/use-toast";
import { addDays, dateKeyOf } from "@/lib/dates";
import { useCreateShift, useDeleteShift, useShiftDetail, useUpdateShift, type ScheduleShift, type ScheduleWeek } from "@/lib/queries/schedule";
import { formatWeekdayDateTime } from "@/lib/dates/instant-labels";
import { shiftConflicts } from "@/lib/schedule/conflicts";
import { parseShiftTime } from "@/lib/schedule/shift-times";
import { wallClock } from "@/lib/schedule/week-grid";

/** What the dialog opens on: a new shift in a cell, or an existing shift. */
export type ShiftDialogTarget = { kind: "new"; unitId: string; userId: string | null; day: string } | { kind: "edit"; shift: ScheduleShift };

interface Props {
  target: ShiftDialogTarget | null;
  week: ScheduleWeek;
  onClose: () => void;
}

const OPEN = "";

/** Add or edit a shift: member (or open), day, start and end in the business zone, break, role, where, note; an edit shows who changed what. */
export function ShiftDialog({ target, week, onClose }: Props) {
  return (
    <Dialog open={target !== null} onClose={onClose} title={target?.kind === "edit" ? "Edit shift" : "Add shift"} size="md">
      {target ? <ShiftForm key={target.kind === "edit" ? target.shift.id : `${target.unitId}${target.userId}${target.day}`} target={target} week={week} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ShiftForm({ target, week, onClose }: { target: ShiftDialogTarget; week: ScheduleWeek; onClose: () => void }) {
  const shift = target.kind === "edit" ? target.shift : null;
  const [unitId, setUnitId] = useState(shift?.unitId ?? (target.kind === "new" ? target.unitId : ""));
  const [userId, setUserId] = useState(shift ? (shift.userId ?? OPEN) : target.kind === "new" ? (target.userId ?? OPEN) : OPEN);
  const [day, setDay] = useState(shift ? dateKeyOf(shift.startsAt) : target.kind === "new" ? target.day : "");
  const [start, setStart] = useState(shift ? wallClock(shift.startsAt) : "08:00");
  const [end, setEnd] = useState(shift ? wallClock(shift.endsAt) : "16:30");
  const [breakMinutes, setBreakMinutes] = useState(String(shift?.breakMinutes ?? 30));
  const [roleLabel, setRoleLabel] = useState(shift?.roleLabel ?? "");
  const [punchLocation, setPunchLocation] = useState(shift?.punchLocation ?? "");
  const [note, setNote] = useState(shift?.note ?? "");
  const create = useCreateShift();
  const update = useUpdateShift();
  const remove = useDeleteShift();
  const detail = useShiftDetail(shift?.id ?? null);
  const department = week.departments.find((d) => d.id === unitId);
  const conflicts = plannedConflicts();

  /** What the shift as filled in would run into: overlaps, time off, availability, overtime (before the save). */
  function plannedConflicts() {
    if (userId === OPEN || !day) return [];
    const [from, to] = [parseShiftTime(`${day}T${start}`), parseShiftTime(`${end <= start ? addDays(day, 1) : day}T${end}`)];
    if (!from || !to) return [];
    const name = department?.members.find((m) => m.id === userId)?.name;
    return shiftConflicts({ id: shift?.id, userId, startsAt: from.toISOString(), endsAt: to.toISOString(), breakMinutes: Number(breakMinutes) || 0 }, week, name);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // An end at or before the start is the next morning (a night shift).
    const endDay = end <= start ? addDays(day, 1) : day;
    const body = {
      unitId,
      userId: userId === OPEN ? null : userId,
      startsAt: `${day}T${start}`,
      endsAt: `${endDay}T${end}`,
      breakMinutes: Number(breakMinutes) || 0,
      roleLabel: roleLabel.trim() || null,
      punchLocation: punchLocation || null,
      note: note.trim() || null,
    };
    try {
      if (shift) await update.mutateAsync({ id: shift.id, ...body });
      else await create.mutateAsync(body);
      toast({ title: shift ? "Shift saved" : "Shift added" });
      onClose();
    } catch (error) {
      await toastError(error, { title: "Could not save the shift" });
    }
  }

  async function onDelete() {
    if (!shift) return;
    try {
      await remove.mutateAsync(shift.id);
      toast({ title: "Shift deleted" });
      onClose();
    } catch (error) {
      await toastError(error, { title: "Could not delete the shift" });
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="shift-unit">Department</Label>
          <Select id="shift-unit" value={unitId} onChange={(e) => { setUnitId(e.target.value); setUserId(OPEN); }}>
            {week.departments.map((d) => (
              <option key={d.id} value={d.id}>{d.name}</option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="shift-member">Member</Label>
          <Select id="shift-member" value={userId} onChange={(e) => setUserId(e.target.value)}>
            <option value={OPEN}>Open shift (anyone may claim)</option>
            {(department?.members ?? []).map((m) => (
              <option key={m.id} value={m.id}>{m.name}</option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="shift-day" required>Day</Label>
          <Input id="shift-day" type="date" required value={day} onChange={(e) => setDay(e.target.value)} />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div>
            <Label htmlFor="shift-start" required>Start</Label>
            <Input id="shift-start" type="time" required value={start} onChange={(e) => setStart(e.target.value)} />
          </div>
          <div>
            <Label htmlFor="shift-end" required>End</Label>
            <Input id="shift-end" type="time" required value={end} onChange={(e) => setEnd(e.target.value)} />
          </div>
        </div>
        <div>
          <Label htmlFor="shift-break">Unpaid break (minutes)</Label>
          <Input id="shift-break" type="number" min={0} max={600} inputMode="numeric" value={breakMinutes} onChange={(e) => setBreakMinutes(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="shift-role">Role</Label>
          <Input id="shift-role" maxLength={80} placeholder="Front desk" value={roleLabel} onChange={(e) => setRoleLabel(e.target.value)} />
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor="shift-where">Where</Label>
          <Select id="shift-where" value={punchLocation} onChange={(e) => setPunchLocation(e.target.value)}>
            <option value="">No punch post</option>
            {week.posts.map((p) => (
              <option key={p.location} value={p.location}>{p.name}</option>
            ))}
          </Select>
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor="shift-note">Note</Label>
          <Textarea id="shift-note" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
      </div>
      {conflicts.length > 0 ? (
        <ul role="status" aria-label="Conflicts" data-testid="shift-conflicts" className="space-y-0.5 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {conflicts.map((c) => (
            <li key={c.kind}>⚠ {c.message}</li>
          ))}
        </ul>
      ) : null}
      {shift && detail.data && detail.data.history.length > 0 ? (
        <section aria-label="History" className="rounded-lg bg-slate-50 p-3 text-xs text-slate-600">
          <h3 className="mb-1 font-semibold text-slate-700">History</h3>
          <ul className="space-y-1">
            {detail.data.history.map((h) => (
              <li key={h.id}>
                <span className="font-medium">{h.actorName}</span>, {formatWeekdayDateTime(h.at)}: {h.summary}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <FormActions submit={shift ? "Save shift" : "Add shift"} cancel={onClose} pending={create.isPending || update.isPending}>
        {shift ? (
          <Button variant="destructive" onClick={onDelete} isLoading={remove.isPending}>
            Delete
          </Button>
        ) : null}
      </FormActions>
    </form>
  );
}
