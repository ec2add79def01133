"use client";

import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useDeferredValue, useState } from "react";
import { fieldClasses } from "@/components/ui/input";
import { useTask } from "@/lib/queries/task-edits";
import { useTasks } from "@/lib/queries/tasks";

interface Option {
  id: string;
  displayNumber: number | null;
  title: string;
}

/**
 * Type-ahead over the caller's visible tasks (the server leaves out private tasks of others,
 * and with `excludeTaskId` the task itself and its descendants, so no cycle can be picked).
 */
export function ParentTaskPicker({ id, value, onChange, excludeTaskId }: { id?: string; value: string | null; onChange: (id: string | null) => void; excludeTaskId?: string }) {
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const selected = useTask(value);
  const options = useTasks({ q: deferred.trim() || undefined, pageSize: 20, sort: "updatedAt", excludeTree: excludeTaskId });
  const items: Option[] = options.data?.items ?? [];
  const current: Option | null = value && selected.data ? selected.data : null;

  return (
    <div className="flex gap-2">
      <Combobox value={current} onChange={(o: Option | null) => onChange(o?.id ?? null)} onClose={() => setQuery("")} by="id">
        <div className="relative flex-1">
          <ComboboxInput
            id={id}
            className={`${fieldClasses} h-10`}
            placeholder="Search tasks by title or #number"
            displayValue={(o: Option | null) => (o ? `#${o.displayNumber} ${o.title}` : value && selected.isLoading ? "Loading..." : "")}
            onChange={(e) => setQuery(e.target.value)}
          />
          <ComboboxOptions
            anchor="bottom start"
            className="z-[60] max-h-64 w-[var(--input-width)] overflow-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg empty:invisible"
          >
            {items.map((o) => (
              <ComboboxOption key={o.id} value={o} className="cursor-pointer rounded px-2 py-1.5 text-sm text-slate-800 data-focus:bg-indigo-50">
                <span className="mr-1.5 text-slate-500">#{o.displayNumber}</span>
                {o.title}
              </ComboboxOption>
            ))}
            {items.length === 0 && !options.isLoading && <div className="px-2 py-1.5 text-sm text-slate-500">No matching tasks</div>}
          </ComboboxOptions>
        </div>
      </Combobox>
      {value && (
        <button type="button" onClick={() => onChange(null)} className="rounded-md px-2 text-sm text-slate-600 hover:bg-slate-100">
          Clear
        </button>
      )}
    </div>
  );
}
