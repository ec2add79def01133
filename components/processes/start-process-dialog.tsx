"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import { AssigneePicker } from "@/components/org/assignee-picker";
import { DepartmentPicker } from "@/components/org/department-picker";
import { ProjectSelect } from "@/components/projects/project-select";
import { Dialog } from "@/components/ui/dialog";
import { Field, FieldMessage, Form, applyServerErrors, messageAt, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { Input, Radio } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { RUN_TARGETS, RUN_TARGET_LABELS } from "@/lib/processes/options";
import { fetchSchedulePreview, useProcess, useStartProcess, type ProcessDetail, type SchedulePreview } from "@/lib/queries/processes";
import { businessToday } from "@/lib/dates";
import { formatDay } from "@/lib/dates";
import { startFormSchema, unassignedSteps, type StartFormState } from "@/lib/processes/start-form";
import type { StartProcessBody } from "@/lib/validations/processes";

export const PROCESS_STARTED = "Process started";

/**
 * "Start process": the start date, a name ("Private cremation – Bella (golden retriever)"),
 * a department and people for the steps that lack them, and where the tasks go (a new
 * project, an existing one, or a parent task with sub-tasks). One uuid per opening makes a
 * double click or a retry start the process once.
 */
export function StartProcessDialog({ processId, open, onClose }: { processId: string | null; open: boolean; onClose: () => void }) {
  const process = useProcess(open ? processId : null);
  return (
    <Dialog open={open} onClose={onClose} title="Start process" description={process.data?.name} size="lg">
      {open && (process.data ? <StartForm key={process.data.id} process={process.data} onClose={onClose} /> : <Spinner />)}
    </Dialog>
  );
}

function StartForm({ process, onClose }: { process: ProcessDetail; onClose: () => void }) {
  const router = useRouter();
  const [uuid] = useState(() => crypto.randomUUID());
  const schema = useMemo(() => startFormSchema(process.steps, uuid), [process.steps, uuid]);
  const form = useZodForm(schema, {
    defaultValues: { name: `${process.name} – `, startDate: businessToday(), target: "new_project", projectId: "", department: process.department?.id ?? null, people: {} },
  });
  const values = useWatch({ control: form.control }) as StartFormState;
  const start = useStartProcess(process.id);

  const lacksDepartment = process.steps.some((s) => !s.department);
  const unassigned = unassignedSteps(process.steps);
  const { startDate, target } = values;

  useEffect(() => {
    document.getElementById("run-name")?.focus();
  }, []);

  // The dates the tasks will get, from the server's business calendar.
  const [schedule, setSchedule] = useState<{ day: string; preview: SchedulePreview } | null>(null);
  useEffect(() => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate)) return;
    let current = true;
    fetchSchedulePreview({ startDate, steps: process.steps.map((s) => ({ offsetDays: s.offsetDays, durationDays: s.durationDays })) })
      .then((preview) => current && setSchedule({ day: startDate, preview }))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [startDate, process.steps]);
  const preview = schedule?.day === startDate ? schedule.preview : null;
  const holidays = preview?.skipped.filter((d) => d.reason !== "Saturday" && d.reason !== "Sunday") ?? [];

  const submit = async (body: StartProcessBody) => {
    try {
      const run = await start.mutateAsync(body);
      toast({ title: PROCESS_STARTED, description: `${run.name}: ${run.progress.total} tasks created` });
      onClose();
      if (run.href) router.push(run.href);
    } catch (error) {
      if (!applyServerErrors(form, error)) toastError(error);
    }
  };
  /** Writes a field and clears its message until the next save. */
  const set = <K extends keyof StartFormState>(key: K, value: StartFormState[K]) => {
    form.setValue(key, value as never, { shouldDirty: true });
    form.clearErrors(key);
  };

  return (
    <Form form={form} onSubmit={submit} className="space-y-4" aria-label="Start process">
      <Field {...runField} name="name" id="run-name" label="Name" markRequired>
        {(control) => <Input {...control} maxLength={300} {...form.register("name", { onChange: () => form.clearErrors("name") })} />}
      </Field>
      <Field {...runField} name="startDate" id="run-start" label="Start date" markRequired>
        {(control) => <Input {...control} type="date" {...form.register("startDate", { onChange: () => form.clearErrors("startDate") })} />}
      </Field>
      {preview && preview.steps.length > 0 && (
        <p className="-mt-2 text-sm text-slate-600" role="status">
          Tasks from {formatDay(preview.steps.reduce((m, s) => (s.start < m ? s.start : m), preview.steps[0].start))} to {formatDay(preview.finish)}
          {holidays.length ? ` (skipping ${holidays.map((d) => d.reason).join(", ")})` : ""}
          .
        </p>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Create the tasks in</legend>
        <div className="mt-1 space-y-1">
          {RUN_TARGETS.map((t) => (
            <Radio key={t} name="run-target" checked={target === t} onChange={() => set("target", t)} label={RUN_TARGET_LABELS[t]} />
          ))}
        </div>
      </fieldset>
      {target === "existing_project" && (
        <Field {...runField} name="projectId" id="run-project" label="Project" markRequired>
          {(control) => (
            <ProjectSelect {...control} blank="Choose a project" value={values.projectId} onChange={(e) => set("projectId", e.target.value)} />
          )}
        </Field>
      )}
      {(lacksDepartment || !process.department) && (
        <Field {...runField} name="department" id="run-department" label={lacksDepartment ? "Department for steps without one" : "Department"} markRequired={lacksDepartment}>
          {(control) => <DepartmentPicker id={control.id} value={values.department} invalid={Boolean(control["aria-invalid"])} onChange={(department) => set("department", department)} />}
        </Field>
      )}
      {unassigned.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">People for the steps without one</legend>
          {unassigned.map((s) => (
            <div key={s.position} className="grid gap-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:items-center sm:gap-3">
              <label htmlFor={`run-person-${s.position}`} className="text-sm text-slate-700">
                {s.position}. {s.title}
              </label>
              <AssigneePicker id={`run-person-${s.position}`} value={values.people?.[s.position] ?? null} onChange={(value) => set("people", { ...values.people, [s.position]: value })} />
            </div>
          ))}
          <p className="text-xs text-slate-500">Left blank, a step&apos;s task starts unassigned (or on the pickup list when the step says so).</p>
          <FieldMessage message={messageAt(form.formState.errors, "stepOverrides")} />
        </fieldset>
      )}
      <FormActions submit="Start" cancel={onClose} pending={start.isPending} divided />
    </Form>
  );
}

/** Field layout: the task form's (asterisk only where marked, errors announced). */
const runField = { className: "space-y-1", markRequired: false, announce: true } as const;
