"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { buildTree, flatten, subtreeIds } from "@/lib/org/unit-tree";
import { useCreateUnit, useDeleteUnit, useUpdateUnit, type Unit } from "@/lib/queries/org";
import { UNIT_TYPES, createUnitSchema } from "@/lib/validations/org";
import { serverText, showError, showSuccess } from "./feedback";

const typeLabel = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

function ParentOptions({ units, exclude }: { units: Unit[]; exclude?: Set<string> }) {
  return (
    <>
      <option value="">Top level (no parent)</option>
      {flatten(buildTree(units))
        .filter((n) => !exclude?.has(n.unit.id))
        .map((n) => (
          <option key={n.unit.id} value={n.unit.id}>
            {"\u00a0\u00a0".repeat(n.depth)}
            {n.unit.unitNumber !== null ? `${n.unit.unitNumber} · ` : ""}
            {n.unit.name}
          </option>
        ))}
    </>
  );
}

/** Create (optionally under a parent) or edit a unit. Moving is its own dialog. */
export function UnitFormDialog({
  open,
  onClose,
  units,
  unit,
  defaultParentId,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  units: Unit[];
  unit?: Unit | null;
  defaultParentId?: string | null;
  onSaved?: (unit: Unit) => void;
}) {
  const create = useCreateUnit();
  const update = useUpdateUnit();
  const [name, setName] = useState(unit?.name ?? "");
  const [unitNumber, setUnitNumber] = useState(unit?.unitNumber?.toString() ?? "");
  const [type, setType] = useState<string>(unit?.type ?? "department");
  const [parentId, setParentId] = useState(unit?.parentId ?? defaultParentId ?? "");
  const [description, setDescription] = useState(unit?.description ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pending = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { name, unitNumber, type, parentId: parentId || null, description };
    const parsed = createUnitSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      const saved = unit
        ? await update.mutateAsync({ id: unit.id, name, unitNumber: parsed.data.unitNumber, type: parsed.data.type, description: parsed.data.description ?? null })
        : await create.mutateAsync({ ...parsed.data, description: parsed.data.description ?? null });
      showSuccess(unit ? "Unit updated" : "Unit created", saved.name);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const field = (error as { field?: unknown }).field;
      if (typeof field === "string") setErrors({ [field]: serverText(error) });
      showError(error, unit ? "Could not update the unit" : "Could not create the unit");
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={unit ? `Edit ${unit.name}` : "New unit"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="unit-form" isLoading={pending}>
            {unit ? "Save changes" : "Create unit"}
          </Button>
        </>
      }
    >
      <form id="unit-form" onSubmit={submit} className="space-y-4" noValidate>
        <div>
          <Label htmlFor="unit-name" required>
            Name
          </Label>
          <Input id="unit-name" className="mt-1" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(errors.name) || undefined} required autoFocus />
          {errors.name && <p className="mt-1 text-sm text-red-600">{errors.name}</p>}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="unit-number">Unit number</Label>
            <Input id="unit-number" className="mt-1" inputMode="numeric" value={unitNumber} onChange={(e) => setUnitNumber(e.target.value)} aria-invalid={Boolean(errors.unitNumber) || undefined} placeholder="e.g. 410" />
            {errors.unitNumber ? (
              <p className="mt-1 text-sm text-red-600">{errors.unitNumber}</p>
            ) : (
              <p className="mt-1 text-xs text-slate-500">100s Corporate, 200s Administrative, 300s Sales &amp; Marketing, 400s Operations.</p>
            )}
          </div>
          <div>
            <Label htmlFor="unit-type">Type</Label>
            <Select id="unit-type" className="mt-1" value={type} onChange={(e) => setType(e.target.value)}>
              {UNIT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {typeLabel(t)}
                </option>
              ))}
            </Select>
          </div>
        </div>
        {!unit && (
          <div>
            <Label htmlFor="unit-parent">Parent unit</Label>
            <Select id="unit-parent" className="mt-1" value={parentId} onChange={(e) => setParentId(e.target.value)}>
              <ParentOptions units={units} />
            </Select>
          </div>
        )}
        <div>
          <Label htmlFor="unit-description">Description</Label>
          <Textarea id="unit-description" className="mt-1" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
          {errors.description && <p className="mt-1 text-sm text-red-600">{errors.description}</p>}
        </div>
      </form>
    </Dialog>
  );
}

/** "Move to…": the new parent, never the unit itself or anything under it (the server checks again). */
export function MoveUnitDialog({ open, onClose, units, unit }: { open: boolean; onClose: () => void; units: Unit[]; unit: Unit }) {
  const update = useUpdateUnit();
  const [parentId, setParentId] = useState(unit.parentId ?? "");
  const exclude = subtreeIds(units, unit.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({ id: unit.id, parentId: parentId || null });
      const parent = units.find((u) => u.id === parentId);
      showSuccess("Unit moved", parent ? `${unit.name} is now under ${parent.name}.` : `${unit.name} is now a top-level unit.`);
      onClose();
    } catch (error) {
      showError(error, "Could not move the unit");
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Move ${unit.name}`}
      description="Its sub-units, members and tasks move with it."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="move-unit-form" isLoading={update.isPending} disabled={(unit.parentId ?? "") === parentId}>
            Move
          </Button>
        </>
      }
    >
      <form id="move-unit-form" onSubmit={submit}>
        <Label htmlFor="move-parent">Move to</Label>
        <Select id="move-parent" className="mt-1" value={parentId} onChange={(e) => setParentId(e.target.value)}>
          <ParentOptions units={units} exclude={exclude} />
        </Select>
      </form>
    </Dialog>
  );
}

/** Confirms, then explains a 409 (what still blocks the delete) right in the dialog. */
export function DeleteUnitDialog({ open, onClose, unit, onDeleted }: { open: boolean; onClose: () => void; unit: Unit; onDeleted: () => void }) {
  const remove = useDeleteUnit();
  const [blocked, setBlocked] = useState<string | null>(null);

  const confirm = async () => {
    try {
      await remove.mutateAsync(unit.id);
      showSuccess("Unit deleted", unit.name);
      onDeleted();
      onClose();
    } catch (error) {
      if ((error as { status?: number }).status === 409) setBlocked(serverText(error));
      else showError(error, "Could not delete the unit");
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Delete ${unit.name}?`}
      description={blocked ? undefined : "This cannot be undone. Only an empty unit can be deleted."}
      footer={
        blocked ? (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirm} isLoading={remove.isPending}>
              Delete unit
            </Button>
          </>
        )
      }
    >
      {blocked && (
        <div role="alert" className="space-y-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <p className="font-medium">{blocked}</p>
          <p>
            Use <strong>Move to…</strong> on its sub-units, move or remove its members in the panel beside the tree, and give its tasks another department. Then delete it.
          </p>
        </div>
      )}
    </Dialog>
  );
}
