"use client";

import { useEffect, useState } from "react";
import { useRulePreview } from "@/lib/queries/recurrence";
import { dueTimeOf } from "@/lib/dates";
import { dayLabelWithYear, longDay } from "@/lib/dates/day-labels";
import { useWatch } from "react-hook-form";
import { FILTERS, previewBody, RULE, type TaskFormValues } from "@/lib/tasks/task-form";
import type { PreviewRuleBody } from "@/lib/validations/recurrence";

const WATCHED = ["dueDate", ...RULE, ...FILTERS] as const;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The live preview under the recurrence settings: the rule in words and the next 5 dates, with
 * holidays and the weekend policy applied (a moved date says from where and why; a skipped one
 * says why). Computed by the server (POST /api/recurring-tasks/preview), which has the calendars.
 */
export function RecurrencePreview() {
  const values = useWatch<TaskFormValues, typeof WATCHED>({ name: WATCHED });
  const { body, missing } = previewBody(Object.fromEntries(WATCHED.map((name, i) => [name, values[i]])));
  const debounced = useDebounced(JSON.stringify(body), 300);
  const preview = useRulePreview(debounced === "null" ? null : (JSON.parse(debounced) as PreviewRuleBody));

  return (
    <section aria-label="Next dates" aria-live="polite" className="rounded-md border border-indigo-100 bg-white p-3 text-sm">
      {!body ? (
        <p className="text-slate-600">{values[0].day ? `The next dates show once the settings are complete: ${missing}.` : "Pick a due date to see the next dates."}</p>
      ) : preview.isError ? (
        <p className="text-red-700">{preview.error instanceof Error ? preview.error.message : "The preview is not available."}</p>
      ) : !preview.data ? (
        <p className="text-slate-500">Working out the next dates…</p>
      ) : (
        <>
          <p className="font-medium text-slate-900" data-testid="rule-in-words">
            {preview.data.description}
          </p>
          {preview.data.dates.length === 0 ? (
            <p className="mt-2 text-slate-600">No dates from today on: the series has ended.</p>
          ) : (
            <ol className="mt-2 space-y-1" aria-label="Next 5 dates">
              {preview.data.dates.map((d) => (
                <li key={d.day} className="flex flex-wrap items-baseline gap-x-2">
                  <span className="tabular-nums text-slate-900">{dayLabelWithYear(d.day)}</span>
                  {dueTimeOf(d.dueDate) && <span className="text-slate-500">{dueTimeOf(d.dueDate)}</span>}
                  {d.moved && (
                    <span className="text-amber-800">
                      moved from {longDay(d.moved.from)} ({d.moved.reason.label})
                    </span>
                  )}
                </li>
              ))}
            </ol>
          )}
          {preview.data.skipped.length > 0 && (
            <ul className="mt-2 space-y-0.5 text-slate-600" aria-label="Skipped dates">
              {preview.data.skipped.map((s) => (
                <li key={s.day}>
                  Skips {dayLabelWithYear(s.day)} ({s.reason.label})
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
