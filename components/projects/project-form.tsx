"use client";

import { useState } from "react";
import { useWatch } from "react-hook-form";
import { DepartmentPicker } from "@/components/org/department-picker";
import { LazyRichTextEditor } from "@/components/tasks/lazy-rich-text-editor";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, FieldMessage, Form, applyServerErrors, messageAt, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api-client";
import { PROJECT_COLORS, PROJECT_STATUSES, PROJECT_STATUS_LABELS, type OpenTaskAction, type ProjectStatusValue } from "@/lib/projects/options";
import { useCurrentUser } from "@/lib/queries/auth";
import { useCreateProject, useUpdateProject, type ProjectDetail } from "@/lib/queries/projects";
import { projectFormSchema, projectToForm, type ProjectFormValues } from "@/lib/projects/project-form";
import type { CreateProjectBody } from "@/lib/validations/projects";
import { MemberListPicker, MemberPicker } from "./member-list-picker";

export const PROJECT_CREATED = "Project created";
export const PROJECT_UPDATED = "Project updated";

/**
 * Create or edit a project (name, rich-text description, status, department, owner, members,
 * start and target dates, colour) on the Form primitive with projectFormSchema (the handler's
 * schema behind it). Completing a project that still has open tasks asks what to do with them
 * (the API answers 409 with their number).
 */
export function ProjectForm({ project, onSaved, onCancel }: { project?: ProjectDetail; onSaved: (project: ProjectDetail) => void; onCancel: () => void }) {
  const me = useCurrentUser();
  // A new project is owned by its creator unless someone else is chosen.
  const form = useZodForm(projectFormSchema, { defaultValues: projectToForm(project, me.data?.id) });
  const values = useWatch({ control: form.control }) as ProjectFormValues;
  const [openTasks, setOpenTasks] = useState<{ count: number; body: CreateProjectBody } | null>(null);
  const create = useCreateProject();
  const update = useUpdateProject(project?.id ?? "");
  const saving = create.isPending || update.isPending;

  /** Writes a field and clears its message until the next save. */
  const set = <K extends keyof ProjectFormValues>(key: K, value: ProjectFormValues[K]) => {
    form.setValue(key, value as never, { shouldDirty: true });
    form.clearErrors(key);
  };

  const save = async (body: CreateProjectBody, openTaskAction?: OpenTaskAction) => {
    try {
      const saved = project ? await update.mutateAsync({ ...body, openTasks: openTaskAction }) : await create.mutateAsync(body);
      toast({ title: project ? PROJECT_UPDATED : PROJECT_CREATED, description: saved.name });
      setOpenTasks(null);
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.status === 409 && typeof error.openTaskCount === "number") {
        setOpenTasks({ count: error.openTaskCount, body });
        return;
      }
      if (!applyServerErrors(form, error)) toastError(error);
    }
  };

  return (
    <Form form={form} onSubmit={(body) => save(body)} className="space-y-5" aria-label={project ? "Edit Project" : "Create Project"}>
      <Field {...projectField} name="name" id="project-name" label="Name" markRequired>
        {(control) => <Input {...control} maxLength={200} autoFocus {...form.register("name", { onChange: () => form.clearErrors("name") })} />}
      </Field>
      <div>
        <span id="project-description-label" className="block text-sm font-medium text-slate-700">
          Description
        </span>
        <div className="mt-1">
          <LazyRichTextEditor aria-labelledby="project-description-label" value={values.description} onChange={(description) => set("description", description)} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...projectField} name="status" id="project-status" label="Status">
          {(control) => (
            <Select {...control} value={values.status} onChange={(e) => set("status", e.target.value as ProjectStatusValue)}>
              {PROJECT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {PROJECT_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field {...projectField} name="ownerId" id="project-owner" label="Owner">
          {(control) => <MemberPicker id={control.id} value={values.ownerId} onChange={(ownerId) => set("ownerId", ownerId)} />}
        </Field>
      </div>
      <Field {...projectField} name="department" id="project-department" label="Department">
        {(control) => <DepartmentPicker id={control.id} value={values.department} onChange={(department) => set("department", department)} placeholder="No department" />}
      </Field>
      <div>
        <span className="block text-sm font-medium text-slate-700">Members</span>
        <div className="mt-1">
          <MemberListPicker value={values.memberIds} onChange={(memberIds) => set("memberIds", memberIds)} />
        </div>
        <FieldMessage message={messageAt(form.formState.errors, "memberIds")} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...projectField} name="startDate" id="project-start" label="Start date">
          {(control) => <Input {...control} type="date" {...form.register("startDate", { onChange: () => form.clearErrors("startDate") })} />}
        </Field>
        <Field {...projectField} name="dueDate" id="project-due" label="Target date">
          {(control) => <Input {...control} type="date" {...form.register("dueDate", { onChange: () => form.clearErrors("dueDate") })} />}
        </Field>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Colour</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          <ColorChoice label="No colour" selected={values.color === null} onSelect={() => set("color", null)} />
          {PROJECT_COLORS.map((c) => (
            <ColorChoice key={c} color={c} label={`Colour ${c}`} selected={values.color === c} onSelect={() => set("color", c)} />
          ))}
        </div>
        <FieldMessage message={messageAt(form.formState.errors, "color")} />
      </fieldset>
      <FormActions submit={project ? "Save Changes" : "Create Project"} cancel={onCancel} pending={saving} divided />

      <OpenTasksDialog
        count={openTasks?.count ?? 0}
        open={openTasks !== null}
        busy={saving}
        onClose={() => setOpenTasks(null)}
        onChoose={(action) => openTasks && save(openTasks.body, action)}
      />
    </Form>
  );
}

/** Field layout of the project form: the task form's (asterisk only where marked, errors announced). */
const projectField = { className: "space-y-1", markRequired: false, announce: true } as const;

/** "This project still has N open tasks": complete them, cancel them, or leave them open. */
export function OpenTasksDialog({ open, count, busy, onClose, onChoose }: { open: boolean; count: number; busy: boolean; onClose: () => void; onChoose: (action: OpenTaskAction) => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Complete the project?"
      description={`This project still has ${count} open ${count === 1 ? "task" : "tasks"}. What should happen to ${count === 1 ? "it" : "them"}?`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Back
          </Button>
          <Button variant="secondary" onClick={() => onChoose("keep")} disabled={busy}>
            Leave them open
          </Button>
          <Button variant="secondary" onClick={() => onChoose("cancel")} disabled={busy}>
            Cancel them
          </Button>
          <Button onClick={() => onChoose("complete")} isLoading={busy}>
            Complete them
          </Button>
        </>
      }
    />
  );
}

function ColorChoice({ color, label, selected, onSelect }: { color?: string; label: string; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={selected}
      onClick={onSelect}
      className={`size-8 rounded-full ring-offset-2 ${selected ? "ring-2 ring-slate-900" : "ring-1 ring-slate-300"} ${color ? "" : "bg-[repeating-linear-gradient(45deg,#fff,#fff_4px,#e2e8f0_4px,#e2e8f0_8px)]"}`}
      style={color ? { backgroundColor: color } : undefined}
    />
  );
}

/** The "Create Project" / "Edit Project" modal. A new form is mounted each time it opens. */
export function ProjectFormDialog({ open, project, onClose, onSaved }: { open: boolean; project?: ProjectDetail; onClose: () => void; onSaved: (project: ProjectDetail) => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={project ? "Edit Project" : "Create Project"} size="lg">
      {open && <ProjectForm project={project} onCancel={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}
