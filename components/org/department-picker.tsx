"use client";

import { useEffect, useMemo, useState } from "react";
import type { Handoff } from "@/components/ui/first-use";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { departmentLabel, groupDepartments } from "@/lib/org/department-groups";
import { useUnits } from "@/lib/queries/org";
import { GroupedCombobox } from "./grouped-combobox";

/** Spec §8, word for word. */
export const DEPARTMENTS_LOAD_ERROR = "Sorry, we couldn't load the departments. Please try refreshing the page.";

/**
 * Picks an organizational unit: grouped by unit number (spec §9), numbers shown at first with a
 * "Hide numbers" command at the end of the picker's menu, type-ahead on name and number. Loads GET /api/organizational-units itself:
 * at once in a form, and in a list's filter (`loadOnUse`) when someone reaches for it (hover,
 * focus, a press) or a department is already chosen. A list screen's filter is rarely used, and
 * the dashboard would otherwise ask for every unit on each load.
 */
export function DepartmentPicker({
  value,
  onChange,
  id,
  invalid,
  placeholder = "Select a department",
  loadOnUse = false,
  handoff,
}: {
  value: string | null;
  onChange: (unitId: string | null) => void;
  id?: string;
  invalid?: boolean;
  /** What an empty value reads as: "All departments" where the picker filters a list. */
  placeholder?: string;
  /** A list's filter: the units load on first use, and meanwhile the (empty) filter shows as usual. */
  loadOnUse?: boolean;
  /** From ./department-filter.tsx's stand-in, used before this picker's code arrived. */
  handoff?: Handoff | null;
}) {
  const [reachedFor, setReachedFor] = useState(false);
  const units = useUnits({ enabled: !loadOnUse || reachedFor || value !== null });
  const reachFor = loadOnUse && !reachedFor ? () => setReachedFor(true) : undefined;
  const [showNumbers, setShowNumbers] = useState(true);

  useEffect(() => {
    if (units.isError) toast({ title: "Error", description: DEPARTMENTS_LOAD_ERROR, variant: "destructive" });
  }, [units.isError]);

  const groups = useMemo(
    () =>
      groupDepartments(units.data ?? []).map(({ group, units: list }) => ({
        group,
        options: list.map((u) => ({ value: u.id, label: departmentLabel(u, showNumbers), search: String(u.unitNumber ?? "") })),
      })),
    [units.data, showNumbers],
  );

  if (units.isError) {
    return (
      <p id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
        {DEPARTMENTS_LOAD_ERROR}
      </p>
    );
  }
  if (units.isPending && !loadOnUse) {
    return (
      <div className="flex h-10 items-center gap-2 rounded-lg border border-slate-200 px-3 text-sm text-slate-500">
        <Spinner size="sm" label="" /> Loading departments…
      </div>
    );
  }
  return (
    <div onPointerEnter={reachFor} onFocus={reachFor} onPointerDown={reachFor}>
      <GroupedCombobox
        id={id}
        value={value}
        onChange={onChange}
        groups={groups}
        invalid={invalid}
        placeholder={placeholder}
        clearable
        clearLabel="Clear department"
        handoff={handoff}
        noMatchText={units.isPending ? "Loading departments…" : "No department matches"}
        // The toggle lives in the picker's own menu, not beside every picker.
        actions={[{ id: "numbers", label: showNumbers ? "Hide numbers" : "Show numbers", onSelect: () => setShowNumbers((v) => !v) }]}
      />
    </div>
  );
}
