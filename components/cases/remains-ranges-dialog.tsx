"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { OTHER_SPECIES } from "@/lib/cases/remains-weight";
import { isApiError } from "@/lib/api-client";
import { useRemainsRanges, useSaveRemainsRanges } from "@/lib/queries/cases";
import type { RemainsRanges } from "@/lib/validations/cases";

interface Row {
  species: string;
  min: string;
  max: string;
}

const num = (text: string) => Number(text.replace(",", "."));

/**
 * The expected range of the remains' weight per species (admins; docs/cases.md "The remains'
 * weight"): the percentage of the intake body weight a private cremation's ashes should weigh.
 * Outside it, the processing scan needs a supervisor's confirmation.
 */
export function RemainsRangesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ranges = useRemainsRanges(open);
  const save = useSaveRemainsRanges();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Remains' weight ranges"
      description="The weight of a private cremation's ashes, as a percentage of the pet's weight at intake. Outside the range, the processing scan needs a manager's or an administrator's confirmation."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="remains-ranges-form" isLoading={save.isPending} disabled={!ranges.data}>
            Save
          </Button>
        </>
      }
    >
      {!ranges.data ? (
        <Spinner label="Loading the weight ranges" />
      ) : (
        <RangesEditor key={ranges.data.updatedAt ?? "defaults"} data={ranges.data} save={save} onSaved={onClose} />
      )}
    </Dialog>
  );
}

function RangesEditor({ data, save, onSaved }: { data: RemainsRanges; save: ReturnType<typeof useSaveRemainsRanges>; onSaved: () => void }) {
  const [rows, setRows] = useState<Row[]>(() => data.items.map((r) => ({ species: r.species, min: String(r.minPercent), max: String(r.maxPercent) })));
  const [error, setError] = useState<string | null>(null);
  const baseId = useId();

  const update = (index: number, patch: Partial<Row>) => setRows((prev) => prev.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const submit = () => {
    setError(null);
    const items = rows.filter((r) => r.species.trim() !== "").map((r) => ({ species: r.species.trim(), minPercent: num(r.min), maxPercent: num(r.max) }));
    save.mutate(
      { items },
      {
        onSuccess: () => {
          toast({ title: "Weight ranges saved" });
          onSaved();
        },
        onError: (e) => {
          if (isApiError(e) && e.status === 400) setError(e.message);
          else toastError(e, { title: "Could not save the weight ranges" });
        },
      },
    );
  };

  return (
    <form
      id="remains-ranges-form"
      className="space-y-3"
      aria-label="Remains' weight ranges"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {data.items.some((r) => r.isDefault) ? <p className="text-sm text-slate-600">These are the shipped defaults; saving makes them yours.</p> : null}
      <div className="grid grid-cols-[minmax(0,1fr)_4.5rem_4.5rem_auto] items-end gap-2 text-sm font-medium text-slate-700">
        <span>Species</span>
        <span>Min %</span>
        <span>Max %</span>
        <span className="sr-only">Remove</span>
      </div>
      {rows.map((row, index) => {
        const other = row.species === OTHER_SPECIES;
        const name = other ? "any other species" : row.species || `species ${index + 1}`;
        return (
          <div key={index} className="grid grid-cols-[minmax(0,1fr)_4.5rem_4.5rem_auto] items-center gap-2">
            {other ? (
              <span className="text-sm text-slate-800">Any other species</span>
            ) : (
              <Input aria-label={`Species ${index + 1}`} id={`${baseId}-${index}`} value={row.species} onChange={(e) => update(index, { species: e.target.value })} />
            )}
            <Input aria-label={`Minimum percent, ${name}`} inputMode="decimal" value={row.min} onChange={(e) => update(index, { min: e.target.value })} />
            <Input aria-label={`Maximum percent, ${name}`} inputMode="decimal" value={row.max} onChange={(e) => update(index, { max: e.target.value })} />
            {other ? (
              <span className="w-16" />
            ) : (
              <Button variant="ghost" size="sm" className="w-16" onClick={() => setRows((prev) => prev.filter((_, i) => i !== index))}>
                Remove
              </Button>
            )}
          </div>
        );
      })}
      <Button variant="secondary" size="sm" onClick={() => setRows((prev) => [{ species: "", min: "2", max: "10" }, ...prev])}>
        Add a species
      </Button>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
