"use client";

import { useController, useFormContext, useFormState, useWatch } from "react-hook-form";
import { FieldMessage } from "@/components/ui/form";
import { Checkbox, Input, Radio } from "@/components/ui/input";
import { labelClasses } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { ordinal, POLICY_LABELS, twoWayMonthlyWeek } from "@/lib/recurrence/rule";
import { HOLIDAY_CALENDAR_LABELS, PATTERN_LABELS, WEEKDAY_LABELS } from "@/lib/tasks/recurrence-options";
import type { TaskFormValues } from "@/lib/tasks/task-form";
import { RecurrencePreview } from "./recurrence-preview";
import { TaskField } from "./task-form-fields";

const number = { setValueAs: (value: string) => (value === "" ? null : Number(value)) };
const WATCHED = ["recurringPattern", "recurringEndType", "excludeWeekends", "excludeHolidays", "recurringMonthlyType", "dueDate.day"] as const;
const toggled = (days: number[], d: number) => (days.includes(d) ? days.filter((x) => x !== d) : [...days, d]);
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
  const { field: days } = useController<TaskFormValues, "recurringDaysOfWeek">({ name: "recurringDaysOfWeek" });
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TaskField name="recurringPattern" id="task-recurring-pattern" label="Repeats">
          {(control) => <Select id={control.id} options={PATTERN_LABELS} {...register("recurringPattern")} />}
        </TaskField>
        <TaskField name="recurringInterval" id="task-recurring-interval" label="Every">
          {(control) => <Input {...control} type="number" min={1} inputMode="numeric" {...register("recurringInterval", number)} />}
        </TaskField>
      </div>
      {pattern === "weekly" && (
        <fieldset>
          <legend className={labelClasses}>On these days</legend>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {WEEKDAY_LABELS.map((label, d) => (
              <button key={label} type="button" aria-pressed={days.value.includes(d)} onClick={() => days.onChange(toggled(days.value, d))} className={day(days.value.includes(d))}>
                {label}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {pattern === "monthly" && (
        <fieldset>
          <legend className={labelClasses}>Monthly by</legend>
          <div className="mt-1.5 flex gap-4 text-sm">
            <Radio label="Day of the month" value="date" {...register("recurringMonthlyType")} />
            <Radio label="Weekday of the month" value="weekday" {...register("recurringMonthlyType")} />
          </div>
          {monthlyType === "weekday" && <LastWeekdayChoice due={due} />}
        </fieldset>
      )}
      <fieldset>
        <legend className={labelClasses}>Ends</legend>
        <div className="mt-1.5 space-y-2 text-sm">
          <Radio label="Never" value="never" {...register("recurringEndType")} />
          <div className="flex flex-wrap items-center gap-2">
            <Radio label="After" value="after" {...register("recurringEndType")} />
            <Input aria-label="Max occurrences" type="number" min={1} className="w-24" disabled={endType !== "after"} aria-invalid={errors.recurringMaxCount && true} {...register("recurringMaxCount", number)} />
            <span className="text-slate-600">occurrences</span>
          </div>
          <FieldMessage message={errors.recurringMaxCount?.message} announce className="mt-1" />
          <div className="flex flex-wrap items-center gap-2">
            <Radio label="On" value="on" {...register("recurringEndType")} />
            <Input aria-label="Recurrence end date" type="date" className="w-44" disabled={endType !== "on"} aria-invalid={errors.recurringEndDate && true} {...register("recurringEndDate")} />
          </div>
          <FieldMessage message={errors.recurringEndDate?.message} announce className="mt-1" />
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <Checkbox label="Exclude weekends" {...register("excludeWeekends")} />
        <Checkbox label="Exclude holidays" {...register("excludeHolidays")} />
        {excludeHolidays && <Select aria-label="Holiday calendar" className="w-56" options={HOLIDAY_CALENDAR_LABELS} {...register("holidayCalendar")} />}
      </div>
      {(excludeWeekends || excludeHolidays) && (
        <TaskField name="recurringSchedule.excludedDayPolicy" id="task-excluded-day-policy" label="When a date falls on an excluded day">
          {(control) => <Select id={control.id} className="sm:w-80" options={POLICY_LABELS} {...register("recurringSchedule.excludedDayPolicy")} />}
        </TaskField>
      )}
      <RecurrencePreview />
    </div>
  );
}

/** "The 4th Friday" or "the last Friday", for a due day that is both (twoWayMonthlyWeek). */
function LastWeekdayChoice({ due }: { due: string }) {
  const { field: week } = useController<TaskFormValues, "recurringSchedule.monthlyWeek">({ name: "recurringSchedule.monthlyWeek" });
  const both = twoWayMonthlyWeek(due);
  if (!both) return null;
  const { nth, weekday } = both;
  return (
    <div className="mt-2 flex flex-wrap gap-4 text-sm">
      {[nth, -1].map((n) => (
        <Radio key={n} name="task-monthly-week" checked={(week.value ?? nth) === n} onChange={() => week.onChange(n === nth ? null : -1)} label={n === -1 ? `The last ${weekday}` : `The ${ordinal(n)} ${weekday}`} />
      ))}
    </div>
  );
}
