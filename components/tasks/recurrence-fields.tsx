"use client";

import type { Day } from "date-fns";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { dayOfWeek, weekdayName } from "@/lib/dates";
import { ordinal, POLICY_LABELS } from "@/lib/recurrence/rule";
import { HOLIDAY_CALENDARS, PATTERN_LABELS, WEEKDAY_LABELS } from "@/lib/tasks/options";
import type { TaskFormValues } from "@/lib/tasks/task-form";
import { RecurrencePreview } from "./recurrence-preview";
import { labelClass, Message, options, TaskField, Value } from "./task-form-fields";

const number = { setValueAs: (value: string) => (value === "" ? null : Number(value)) };
const WATCHED = ["recurringPattern", "recurringEndType", "excludeWeekends", "excludeHolidays", "recurringMonthlyType", "dueDate.day"] as const;
const day = (on: boolean) => `h-9 min-w-11 rounded-md border px-2 text-sm ${on ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`;

/**
 * The recurrence section (spec §3/§4/§5) with the excluded-day policy and a live preview of the
 * next dates (docs/recurrence.md). Saving a recurring task creates a series; the job runner
 * creates each occurrence as a fresh task.
 */
export function RecurrenceFields() {
  const { register } = useFormContext<TaskFormValues>();
  const [pattern, endType, excludeWeekends, excludeHolidays, monthlyType, due] = useWatch<TaskFormValues, typeof WATCHED>({ name: WATCHED });
  const { errors } = useFormState<TaskFormValues>({ name: ["recurringMaxCount", "recurringEndDate"] });
  /** A radio of one of the two choices, or (no value) a checkbox. */
  const choice = (name: "recurringEndType" | "recurringMonthlyType" | "excludeWeekends" | "excludeHolidays", label: string, value?: string) => (
    <label className="flex items-center gap-2">
      <input type={value ? "radio" : "checkbox"} value={value} {...register(name)} />
      {label}
    </label>
  );
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TaskField name="recurringPattern" id="task-recurring-pattern" label="Repeats">
          {(control) => <Select id={control.id} {...register("recurringPattern")}>{options(PATTERN_LABELS)}</Select>}
        </TaskField>
        <TaskField name="recurringInterval" id="task-recurring-interval" label="Every">
          {(control) => <Input {...control} type="number" min={1} inputMode="numeric" {...register("recurringInterval", number)} />}
        </TaskField>
      </div>
      {pattern === "weekly" && (
        <fieldset>
          <legend className={labelClass}>On these days</legend>
          <Value name="recurringDaysOfWeek">
            {(days, set) => (
              <div className="mt-1.5 flex flex-wrap gap-1.5">
                {WEEKDAY_LABELS.map((label, d) => (
                  <button key={label} type="button" aria-pressed={days.includes(d)} onClick={() => set(days.includes(d) ? days.filter((x) => x !== d) : [...days, d])} className={day(days.includes(d))}>
                    {label}
                  </button>
                ))}
              </div>
            )}
          </Value>
        </fieldset>
      )}
      {pattern === "monthly" && (
        <fieldset>
          <legend className={labelClass}>Monthly by</legend>
          <div className="mt-1.5 flex gap-4 text-sm">
            {choice("recurringMonthlyType", "Day of the month", "date")}
            {choice("recurringMonthlyType", "Weekday of the month", "weekday")}
          </div>
          {monthlyType === "weekday" && <LastWeekdayChoice due={due} />}
        </fieldset>
      )}
      <fieldset>
        <legend className={labelClass}>Ends</legend>
        <div className="mt-1.5 space-y-2 text-sm">
          {choice("recurringEndType", "Never", "never")}
          <div className="flex flex-wrap items-center gap-2">
            {choice("recurringEndType", "After", "after")}
            <Input aria-label="Max occurrences" type="number" min={1} className="w-24" disabled={endType !== "after"} aria-invalid={errors.recurringMaxCount && true} {...register("recurringMaxCount", number)} />
            <span className="text-slate-600">occurrences</span>
          </div>
          <Message names={["recurringMaxCount"]} />
          <div className="flex flex-wrap items-center gap-2">
            {choice("recurringEndType", "On", "on")}
            <Input aria-label="Recurrence end date" type="date" className="w-44" disabled={endType !== "on"} aria-invalid={errors.recurringEndDate && true} {...register("recurringEndDate")} />
          </div>
          <Message names={["recurringEndDate"]} />
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        {choice("excludeWeekends", "Exclude weekends")}
        {choice("excludeHolidays", "Exclude holidays")}
        {excludeHolidays && (
          <Select aria-label="Holiday calendar" className="w-56" {...register("holidayCalendar")}>
            {options(Object.fromEntries(HOLIDAY_CALENDARS.map((c) => [c.value, c.label])))}
          </Select>
        )}
      </div>
      {(excludeWeekends || excludeHolidays) && (
        <TaskField name="recurringSchedule.excludedDayPolicy" id="task-excluded-day-policy" label="When a date falls on an excluded day">
          {(control) => <Select id={control.id} className="sm:w-80" {...register("recurringSchedule.excludedDayPolicy")}>{options(POLICY_LABELS)}</Select>}
        </TaskField>
      )}
      <RecurrencePreview />
    </div>
  );
}

/**
 * A due date among the month's last 7 days (and not past the 28th) is both "the 4th Friday" and
 * "the last Friday": the user says which (recurringSchedule.monthlyWeek). Past the 28th it is the last.
 */
function LastWeekdayChoice({ due }: { due: string }) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(due)) return null;
  const [y, m, d] = due.split("-").map(Number);
  if (d > 28 || d + 7 <= new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  const weekday = weekdayName(dayOfWeek(due) as Day);
  const nth = Math.ceil(d / 7);
  return (
    <Value name="recurringSchedule.monthlyWeek">
      {(week, set) => (
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          {[nth, -1].map((n) => (
            <label key={n} className="flex items-center gap-2">
              <input type="radio" name="task-monthly-week" checked={(week ?? nth) === n} onChange={() => set(n === nth ? null : -1)} />
              {n === -1 ? `The last ${weekday}` : `The ${ordinal(n)} ${weekday}`}
            </label>
          ))}
        </div>
      )}
    </Value>
  );
}
