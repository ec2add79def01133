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
import { UNIT_TYPES, createUnitSchema, type CreateUnitData, type UnitType } from "@/lib/validations/org";
import { Field, Form, applyServerErrors, messageAt, useZodForm } from "@/components/ui/form";
import { showError, showSuccess } from "./feedback";
import { orgField } from "./form-layout";
import { serverMessageOf } from "@/lib/api-client";

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
  const form = useZodForm(createUnitSchema, {
    defaultValues: {
      name: unit?.name ?? "",
      unitNumber: unit?.unitNumber?.toString() ?? "",
      type: (unit?.type ?? "department") as UnitType,
      parentId: unit?.parentId ?? defaultParentId ?? null,
      description: unit?.description ?? "",
    },
  });
  const parentId = form.watch("parentId") ?? "";
  const numberError = messageAt(form.formState.errors, "unitNumber");
  const pending = create.isPending || update.isPending;

  const submit = async (data: CreateUnitData) => {
    try {
      const saved = unit
        ? await update.mutateAsync({ id: unit.id, name: form.getValues("name"), unitNumber: data.unitNumber, type: data.type, description: data.description ?? null })
        : await create.mutateAsync({ ...data, description: data.description ?? null });
      showSuccess(unit ? "Unit updated" : "Unit created", saved.name);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
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
      <Form form={form} onSubmit={submit} id="unit-form" className="space-y-4">
        <Field {...orgField} name="name" id="unit-name" label="Name" required markRequired autoFocus />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field {...orgField} name="unitNumber" id="unit-number" label="Unit number">
            {(control) => (
              <>
                <Input {...control} inputMode="numeric" placeholder="e.g. 410" {...form.register("unitNumber")} />
                {numberError ? null : <p className="text-xs text-slate-500">100s Corporate, 200s Administrative, 300s Sales &amp; Marketing, 400s Operations.</p>}
              </>
            )}
          </Field>
          <Field {...orgField} name="type" id="unit-type" label="Type">
            {(control) => (
              <Select id={control.id} {...form.register("type")}>
                {UNIT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {typeLabel(t)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        {!unit && (
          <Field {...orgField} name="parentId" id="unit-parent" label="Parent unit">
            {(control) => (
              <Select id={control.id} value={parentId} onChange={(e) => form.setValue("parentId", e.target.value || null, { shouldDirty: true })}>
                <ParentOptions units={units} />
              </Select>
            )}
          </Field>
        )}
        <Field {...orgField} name="description" id="unit-description" label="Description">
          {(control) => <Textarea {...control} rows={2} {...form.register("description")} />}
        </Field>
      </Form>
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
      if ((error as { status?: number }).status === 409) setBlocked(serverMessageOf(error, ""));
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
