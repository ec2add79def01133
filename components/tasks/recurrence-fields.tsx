"use client";

import { FieldMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { ordinal, POLICY_LABELS } from "@/lib/recurrence/rule";
import { HOLIDAY_CALENDARS, PATTERN_LABELS, RECURRING_PATTERNS, WEEKDAY_LABELS } from "@/lib/tasks/options";
import { EXCLUDED_DAY_POLICIES, type ExcludedDayPolicy } from "@/lib/validations/recurrence";
import { RecurrencePreview } from "./recurrence-preview";
import type { TaskFormErrors, TaskFormState } from "@/lib/tasks/task-form";

type Patch = (patch: Partial<TaskFormState>) => void;

/**
 * The recurrence section (spec §3/§4/§5) with the excluded-day policy and a live preview of the
 * next dates (docs/recurrence.md). Saving a recurring task creates a series; the job runner
 * creates each occurrence as a fresh task.
 */
export function RecurrenceFields({ form, errors, set }: { form: TaskFormState; errors: TaskFormErrors; set: Patch }) {
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="task-recurring-pattern">Repeats</Label>
          <Select id="task-recurring-pattern" className="mt-1" value={form.recurringPattern} onChange={(e) => set({ recurringPattern: e.target.value as TaskFormState["recurringPattern"] })}>
            {RECURRING_PATTERNS.map((p) => (
              <option key={p} value={p}>
                {PATTERN_LABELS[p]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="task-recurring-interval">Every</Label>
          <Input
            id="task-recurring-interval"
            className="mt-1"
            type="number"
            min={1}
            inputMode="numeric"
            value={form.recurringInterval}
            aria-invalid={Boolean(errors.recurringInterval) || undefined}
            onChange={(e) => set({ recurringInterval: e.target.value })}
          />
          <FieldMessage announce className="mt-1" message={errors.recurringInterval} />
        </div>
      </div>

      {form.recurringPattern === "weekly" && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">On these days</legend>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {WEEKDAY_LABELS.map((label, day) => {
              const on = form.recurringDaysOfWeek.includes(day);
              return (
                <button
                  key={label}
                  type="button"
                  aria-pressed={on}
                  onClick={() => set({ recurringDaysOfWeek: on ? form.recurringDaysOfWeek.filter((d) => d !== day) : [...form.recurringDaysOfWeek, day] })}
                  className={`h-9 min-w-11 rounded-md border px-2 text-sm ${on ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
                >
                  {label}
                </button>
              );
            })}
          </div>
        </fieldset>
      )}

      {form.recurringPattern === "monthly" && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Monthly by</legend>
          <div className="mt-1.5 flex gap-4 text-sm">
            {(["date", "weekday"] as const).map((t) => (
              <label key={t} className="flex items-center gap-2">
                <input type="radio" name="task-monthly-type" checked={form.recurringMonthlyType === t} onChange={() => set({ recurringMonthlyType: t })} />
                {t === "date" ? "Day of the month" : "Weekday of the month"}
              </label>
            ))}
          </div>
          <LastWeekdayChoice form={form} set={set} />
        </fieldset>
      )}

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Ends</legend>
        <div className="mt-1.5 space-y-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="task-end-type" checked={form.recurringEndType === "never"} onChange={() => set({ recurringEndType: "never" })} />
            Never
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2">
              <input type="radio" name="task-end-type" checked={form.recurringEndType === "after"} onChange={() => set({ recurringEndType: "after" })} />
              After
            </label>
            <Input
              aria-label="Max occurrences"
              type="number"
              min={1}
              className="w-24"
              disabled={form.recurringEndType !== "after"}
              value={form.recurringMaxCount}
              aria-invalid={Boolean(errors.recurringMaxCount) || undefined}
              onChange={(e) => set({ recurringMaxCount: e.target.value })}
            />
            <span className="text-slate-600">occurrences</span>
          </div>
          <FieldMessage announce className="mt-1" message={errors.recurringMaxCount} />
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2">
              <input type="radio" name="task-end-type" checked={form.recurringEndType === "on"} onChange={() => set({ recurringEndType: "on" })} />
              On
            </label>
            <Input
              aria-label="Recurrence end date"
              type="date"
              className="w-44"
              disabled={form.recurringEndType !== "on"}
              value={form.recurringEndDay}
              onChange={(e) => set({ recurringEndDay: e.target.value })}
            />
          </div>
          <FieldMessage announce className="mt-1" message={errors.recurringEndDay} />
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.excludeWeekends} onChange={(e) => set({ excludeWeekends: e.target.checked })} />
          Exclude weekends
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.excludeHolidays} onChange={(e) => set({ excludeHolidays: e.target.checked })} />
          Exclude holidays
        </label>
        {form.excludeHolidays && (
          <Select aria-label="Holiday calendar" className="w-56" value={form.holidayCalendar} onChange={(e) => set({ holidayCalendar: e.target.value })}>
            {HOLIDAY_CALENDARS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </Select>
        )}
      </div>

      {(form.excludeWeekends || form.excludeHolidays) && (
        <div>
          <Label htmlFor="task-excluded-day-policy">When a date falls on an excluded day</Label>
          <Select
            id="task-excluded-day-policy"
            className="mt-1 sm:w-80"
            value={form.excludedDayPolicy}
            onChange={(e) => set({ excludedDayPolicy: e.target.value as ExcludedDayPolicy })}
          >
            {EXCLUDED_DAY_POLICIES.map((p) => (
              <option key={p} value={p}>
                {POLICY_LABELS[p]}
              </option>
            ))}
          </Select>
        </div>
      )}

      <RecurrencePreview form={form} />
    </div>
  );
}

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * A due date among the month's last 7 days (and not past the 28th) is both "the 4th Friday" and
 * "the last Friday": let the user say which. Past the 28th it is always the last.
 */
function LastWeekdayChoice({ form, set }: { form: TaskFormState; set: Patch }) {
  if (form.recurringMonthlyType !== "weekday" || !/^\d{4}-\d{2}-\d{2}$/.test(form.dueDay)) return null;
  const [y, m, d] = form.dueDay.split("-").map(Number);
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > 28 || d + 7 <= daysInMonth) return null;
  const weekday = WEEKDAY_NAMES[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  const nth = Math.ceil(d / 7);
  return (
    <div className="mt-2 flex flex-wrap gap-4 text-sm">
      {[nth, -1].map((n) => (
        <label key={n} className="flex items-center gap-2">
          <input type="radio" name="task-monthly-week" checked={(form.monthlyWeek ?? nth) === n} onChange={() => set({ monthlyWeek: n === nth ? null : -1 })} />
          {n === -1 ? `The last ${weekday}` : `The ${ordinal(n)} ${weekday}`}
        </label>
      ))}
    </div>
  );
}
