"use client";

import { DndContext, KeyboardSensor, PointerSensor, TouchSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { DepartmentPicker } from "@/components/org/department-picker";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FieldMessage, FieldShell } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/components/ui/use-toast";
import { getFriendlyError } from "@/lib/api-client";
import { dayLabel } from "@/lib/dates/day-labels";
import { draftIssues, draftToBody, emptyDraft, emptyStep, processToDraft, removeStep, type ProcessDraft, type StepDraft } from "@/lib/processes/draft";
import { PROCESS_NAME_REQUIRED, STEP_ASSIGNEE_LABELS, STEPS_REQUIRED } from "@/lib/processes/options";
import { useMembers } from "@/lib/queries/members";
import { useVendorsSimplified } from "@/lib/queries/vendors";
import { fetchSchedulePreview, useCreateProcess, useProcess, useUpdateProcess, type SchedulePreview } from "@/lib/queries/processes";
import { businessToday } from "@/lib/dates";
import { LazyStepDialog } from "./lazy-process-dialogs";

export const PROCESS_CREATED = "Process created";
export const PROCESS_SAVED = "Process saved";

const storageKey = (processId: string | null) => `bfs.workflow-draft.${processId ?? "new"}`;

/**
 * /workflow: the process builder. `?create=true` (or no id) starts a new process,
 * `?id=<process id>` edits one. Steps are added, edited (in a dialog), removed and dragged
 * into order (dnd-kit, keyboard too); a live preview shows the schedule from a chosen start
 * date with weekends and holidays skipped. Unsaved work lives in localStorage, so a dialog
 * closed by accident or a reload keeps it until it is saved or discarded.
 */
export function WorkflowBuilder({ processId }: { processId: string | null }) {
  const process = useProcess(processId);
  if (processId && process.isError) {
    const friendly = getFriendlyError(process.error);
    return <EmptyState title={friendly.title} description={friendly.description} action={<Link href="/processes" className="text-sm font-medium text-indigo-600 hover:underline">Back to processes</Link>} />;
  }
  if (processId && !process.data) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" />
      </div>
    );
  }
  if (process.data && !process.data.permissions.canEdit) {
    return <EmptyState title="Permission Denied" description="Only the process's creator, managers of its department and administrators can edit it." />;
  }
  return <Builder key={processId ?? "new"} processId={processId} initial={process.data ? processToDraft(process.data) : emptyDraft()} />;
}

function Builder({ processId, initial }: { processId: string | null; initial: ProcessDraft }) {
  const router = useRouter();
  const [draft, setDraftState] = useState<ProcessDraft>(initial);
  const [restored, setRestored] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  // The step just added: its dialog holds back problems until a field is touched (StepDialog).
  const [freshKey, setFreshKey] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [startDay, setStartDay] = useState(() => businessToday());
  const create = useCreateProcess();
  const update = useUpdateProcess();
  const saving = create.isPending || update.isPending;

  // Bring back unsaved work from an earlier visit (read once, after hydration).
  useEffect(() => {
    const saved = window.localStorage.getItem(storageKey(processId));
    if (!saved) return;
    try {
      const parsed = JSON.parse(saved) as ProcessDraft;
      if (Array.isArray(parsed.steps)) {
        // One-time restore from the browser's storage, which the server render cannot read.
        // eslint-disable-next-line react-hooks/set-state-in-effect
        setDraftState(parsed);
        setRestored(true);
        setDirty(true);
      }
    } catch {
      window.localStorage.removeItem(storageKey(processId));
    }
  }, [processId]);

  const setDraft = (update: (d: ProcessDraft) => ProcessDraft) => {
    setDraftState((d) => {
      const next = update(d);
      window.localStorage.setItem(storageKey(processId), JSON.stringify(next));
      return next;
    });
    setDirty(true);
  };

  // Leaving the page with unsaved work asks first (the draft is kept either way).
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const issues = useMemo(() => draftIssues(draft), [draft]);
  const members = useMembers();
  const vendors = useVendorsSimplified();
  const names = useMemo(
    () => new Map<string, string>([...(members.data ?? []).map((m) => [m.id, `${m.firstName} ${m.lastName}`] as const), ...(vendors.data ?? []).map((v) => [v.id, v.name] as const)]),
    [members.data, vendors.data],
  );
  const nameError = submitted && !draft.name.trim() ? PROCESS_NAME_REQUIRED : undefined;
  const stepsError = submitted && draft.steps.length === 0 ? STEPS_REQUIRED : undefined;
  const editingIndex = draft.steps.findIndex((s) => s.key === editingKey);

  const patchStep = (key: string, patch: Partial<StepDraft>) => setDraft((d) => ({ ...d, steps: d.steps.map((s) => (s.key === key ? { ...s, ...patch } : s)) }));
  const addStep = () => {
    const step = emptyStep();
    setDraft((d) => ({ ...d, steps: [...d.steps, step] }));
    setEditingKey(step.key);
    setFreshKey(step.key);
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setDraft((d) => {
      const from = d.steps.findIndex((s) => s.key === active.id);
      const to = d.steps.findIndex((s) => s.key === over.id);
      return from < 0 || to < 0 ? d : { ...d, steps: arrayMove(d.steps, from, to) };
    });
  };

  const discard = () => {
    window.localStorage.removeItem(storageKey(processId));
    setDraftState(initial);
    setRestored(false);
    setDirty(false);
  };

  const save = async () => {
    setSubmitted(true);
    if (!draft.name.trim() || draft.steps.length === 0 || issues.length > 0) {
      toast({ title: "Invalid Information", description: "Fix the highlighted fields before saving.", variant: "destructive" });
      return;
    }
    const body = draftToBody(draft);
    try {
      const saved = processId ? await update.mutateAsync({ id: processId, body }) : await create.mutateAsync(body);
      window.localStorage.removeItem(storageKey(processId));
      setDirty(false);
      toast({ title: processId ? PROCESS_SAVED : PROCESS_CREATED, description: saved.name });
      router.push(`/processes/${saved.id}`);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{processId ? "Edit Process" : "New Process"}</h1>
        <div className="flex gap-2">
          <Link href={processId ? `/processes/${processId}` : "/processes"} className="inline-flex h-10 items-center px-3 text-sm font-medium text-slate-700 hover:text-slate-900">
            Cancel
          </Link>
          <Button onClick={save} isLoading={saving}>
            {processId ? "Save Process" : "Create Process"}
          </Button>
        </div>
      </div>

      {restored && (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          Your unsaved changes were restored.
          <button type="button" className="font-medium underline" onClick={discard}>
            Discard them
          </button>
        </div>
      )}

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <section aria-label="Process" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
            <FieldShell {...builderField} id="process-name" label="Name" markRequired error={nameError}>
              {(control) => <Input {...control} value={draft.name} maxLength={200} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} />}
            </FieldShell>
            <FieldShell {...builderField} id="process-description" label="Description">
              {(control) => <Textarea {...control} rows={2} value={draft.description} maxLength={5000} onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))} />}
            </FieldShell>
            <FieldShell {...builderField} id="process-department" label="Department">
              {(control) => <DepartmentPicker id={control.id} value={draft.department} onChange={(department) => setDraft((d) => ({ ...d, department }))} placeholder="No department" />}
            </FieldShell>
          </section>

          <section aria-labelledby="steps-heading" className="space-y-3">
            <div className="flex items-center justify-between">
              <h2 id="steps-heading" className="text-lg font-semibold text-slate-900">
                Steps
              </h2>
              <Button variant="secondary" onClick={addStep}>
                Add Step
              </Button>
            </div>
            <FieldMessage announce className="mt-1" message={stepsError} />
            {draft.steps.length === 0 ? (
              <EmptyState title="No steps yet" description="Add the first step: what is done, by which department, and how many business days after the start." action={<Button onClick={addStep}>Add Step</Button>} />
            ) : (
              <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
                <SortableContext items={draft.steps.map((s) => s.key)} strategy={verticalListSortingStrategy}>
                  <ol className="space-y-2" aria-label="Steps">
                    {draft.steps.map((step, index) => (
                      <StepRow
                        key={step.key}
                        step={step}
                        index={index}
                        steps={draft.steps}
                        assigneeName={names.get((step.assigneeKind === "vendor" ? step.vendorId : step.assigneeId) ?? "")}
                        messages={issues.filter((i) => i.index === index).map((i) => i.message)}
                        onEdit={() => setEditingKey(step.key)}
                        onRemove={() => setDraft((d) => removeStep(d, step.key))}
                      />
                    ))}
                  </ol>
                </SortableContext>
              </DndContext>
            )}
          </section>
        </div>

        <SchedulePanel draft={draft} startDay={startDay} onStartDay={setStartDay} />
      </div>

      <LazyStepDialog
        open={editingIndex >= 0}
        step={editingIndex >= 0 ? draft.steps[editingIndex] : null}
        position={editingIndex + 1}
        steps={draft.steps}
        issues={issues.filter((i) => i.index === editingIndex)}
        fresh={editingKey !== null && editingKey === freshKey}
        showAll={submitted}
        onChange={(patch) => editingKey && patchStep(editingKey, patch)}
        onClose={() => {
          setEditingKey(null);
          setFreshKey(null);
        }}
      />
    </div>
  );
}

function StepRow({
  step,
  index,
  steps,
  assigneeName,
  messages,
  onEdit,
  onRemove,
}: {
  step: StepDraft;
  index: number;
  steps: StepDraft[];
  assigneeName: string | undefined;
  messages: string[];
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: step.key });
  const deps = step.dependsOnKeys.map((k) => steps.findIndex((s) => s.key === k) + 1).filter((p) => p > 0).sort((a, b) => a - b);
  const label = step.title || "Untitled step";
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-lg border bg-white p-3 ${isDragging ? "z-10 border-indigo-400 shadow-md" : messages.length ? "border-red-300" : "border-slate-200"}`}
      data-testid="step-row"
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag to reorder step ${index + 1}`}
          className="cursor-grab touch-none rounded p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600 active:cursor-grabbing"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
            <path d="M7 4a1.25 1.25 0 1 1-2.5 0A1.25 1.25 0 0 1 7 4Zm0 6a1.25 1.25 0 1 1-2.5 0A1.25 1.25 0 0 1 7 10Zm-1.25 7.25a1.25 1.25 0 1 0 0-2.5 1.25 1.25 0 0 0 0 2.5ZM15.5 4A1.25 1.25 0 1 1 13 4a1.25 1.25 0 0 1 2.5 0Zm-1.25 7.25a1.25 1.25 0 1 0 0-2.5 1.25 1.25 0 0 0 0 2.5ZM15.5 16a1.25 1.25 0 1 1-2.5 0 1.25 1.25 0 0 1 2.5 0Z" />
          </svg>
        </button>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium break-words text-slate-900">
            <span className="mr-1.5 text-slate-500">{index + 1}.</span>
            {label}
          </p>
          <p className="mt-0.5 text-xs text-slate-600">
            Day +{step.offsetDays || "?"} · {step.durationDays || "?"} business {step.durationDays === "1" ? "day" : "days"} · {(step.assigneeKind === "member" || step.assigneeKind === "vendor") && assigneeName ? assigneeName : STEP_ASSIGNEE_LABELS[step.assigneeKind]}
            {deps.length ? ` · after step ${deps.join(", ")}` : ""}
            {step.checklist.length ? ` · ${step.checklist.length} checklist items` : ""}
          </p>
          {messages.map((m) => (
            <p key={m} role="alert" className="mt-1 text-xs text-red-600">
              {m}
            </p>
          ))}
        </div>
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit step ${index + 1}`}>
            Edit
          </Button>
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove step ${index + 1}`} className="text-red-600 hover:text-red-700">
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The live preview: dates from the server (the holiday rules stay there), refreshed as the steps change. */
function SchedulePanel({ draft, startDay, onStartDay }: { draft: ProcessDraft; startDay: string; onStartDay: (day: string) => void }) {
  const [preview, setPreview] = useState<SchedulePreview | null>(null);
  const [failed, setFailed] = useState(false);
  const body = draftToBody(draft);
  const valid = body.steps.every((s) => Number.isInteger(s.offsetDays) && s.offsetDays >= 0 && Number.isInteger(s.durationDays) && s.durationDays >= 1);
  const request = valid && startDay ? JSON.stringify({ startDate: startDay, steps: body.steps.map((s) => ({ offsetDays: s.offsetDays, durationDays: s.durationDays })) }) : null;
  const latest = useRef<string | null>(null);

  useEffect(() => {
    latest.current = request;
    if (!request) return;
    const timer = window.setTimeout(() => {
      fetchSchedulePreview(JSON.parse(request))
        .then((result) => {
          if (latest.current !== request) return;
          setPreview(result);
          setFailed(false);
        })
        .catch(() => latest.current === request && setFailed(true));
    }, 250);
    return () => window.clearTimeout(timer);
  }, [request]);

  const shown = request && preview && preview.steps.length === body.steps.length ? preview : null;

  return (
    <aside aria-label="Schedule preview" className="h-fit space-y-3 rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-4">
      <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Schedule preview</h2>
      <div>
        <Label htmlFor="preview-start">If started on</Label>
        <Input id="preview-start" type="date" className="mt-1" value={startDay} onChange={(e) => onStartDay(e.target.value)} />
      </div>
      {!valid ? (
        <p className="text-sm text-slate-500">Fix the offsets and durations to see the dates.</p>
      ) : body.steps.length === 0 ? (
        <p className="text-sm text-slate-500">Add steps to see their dates.</p>
      ) : failed ? (
        <p className="text-sm text-red-600">The preview is unavailable right now.</p>
      ) : !shown ? (
        <Spinner />
      ) : (
        <>
          <ol className="space-y-1.5 text-sm" aria-label="Scheduled steps">
            {body.steps.map((step, i) => (
              <li key={draft.steps[i].key} className="flex justify-between gap-2">
                <span className="min-w-0 truncate text-slate-800">
                  {i + 1}. {step.title || "Untitled step"}
                </span>
                <span className="shrink-0 text-slate-600 tabular-nums">
                  {shown.steps[i].start === shown.steps[i].due ? dayLabel(shown.steps[i].due) : `${dayLabel(shown.steps[i].start)} – ${dayLabel(shown.steps[i].due)}`}
                </span>
              </li>
            ))}
          </ol>
          <p className="border-t border-slate-100 pt-2 text-sm font-medium text-slate-900">Finishes {dayLabel(shown.finish)}</p>
          {shown.skipped.length > 0 && (
            <p className="text-xs text-slate-500">
              Skipped: {shown.skipped.map((s) => `${dayLabel(s.date)} (${s.reason})`).join(", ")}
            </p>
          )}
        </>
      )}
    </aside>
  );
}

/** The builder's fields are laid out as the task form's: errors announced as they appear. */
const builderField = { className: "space-y-1", announce: true } as const;
