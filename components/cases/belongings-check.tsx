"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { STATION_LABELS, type Station } from "@/lib/cases/stations";
import type { Belonging } from "@/lib/queries/cases";

/**
 * The scan screen's check-off at packaged and returned (docs/cases.md "Belongings"): each item to
 * return with the ashes, ticked as it goes into the package or into the family's hands. Going on
 * with one unticked is refused by the server (an administrator may override it with a reason).
 */
export function BelongingsCheck({ items, station, onContinue, onCancel }: { items: Belonging[]; station: Station; onContinue: (checked: string[]) => void; onCancel: () => void }) {
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <form
      className="space-y-4 rounded-2xl border-2 border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue(items.filter((item) => checked.has(item.id)).map((item) => item.id));
      }}
    >
      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">
          Belongings to return: <span data-testid="belongings-count">{checked.size} of {items.length} items</span>
        </legend>
        <p className="text-base text-slate-700">Tick each item as it goes {station === "packaged" ? "into the package" : "to the family"}.</p>
        {items.map((item) => (
          <label key={item.id} className="flex min-h-14 items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 text-lg text-slate-900">
            <input type="checkbox" className="size-6 shrink-0" checked={checked.has(item.id)} onChange={() => toggle(item.id)} />
            <span className="min-w-0 break-words">{item.description}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" size="lg" className="h-14 w-full text-lg sm:flex-1">
          {station === "returned" ? "Next" : `Record ${STATION_LABELS[station].toLowerCase()}`}
        </Button>
        <Button type="button" variant="secondary" size="lg" className="h-14 w-full text-lg sm:flex-1" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
