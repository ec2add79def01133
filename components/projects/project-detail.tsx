"use client";

import { LabourCostCard } from "@/components/pay/labour-cost-card";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState, type ReactNode } from "react";
import { PROSE_CLASSES } from "@/components/tasks/prose";
import { Dashboard } from "@/components/tasks/dashboard";
import { taskFilterOptions } from "@/components/tasks/task-filter-options";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Form, firstError, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { getFriendlyError } from "@/lib/api-client";
import type { ProjectStatusValue } from "@/lib/projects/options";
import { quickAddSchema } from "@/lib/projects/project-form";
import { useDeleteProject, useProject, useRestoreProject, useUpdateProject, type ProjectDetail as Project } from "@/lib/queries/projects";
import { useCreateTask } from "@/lib/queries/task-edits";
import { combineDayAndTime } from "@/lib/dates/day-time";
import { formatDateTime, formatDay } from "@/lib/dates";
import { ProjectActivity } from "./project-activity";
import { AtRiskBadge, ProjectStatusBadge } from "./project-badges";
import { LazyProjectFormDialog } from "./lazy-project-form";
import { ProjectTimeline } from "./project-timeline";
import { ProgressBar } from "./progress-bar";

/** /projects/{id}: overview, quick add, the project's task list (dashboard filters), a small timeline and the activity. */
export function ProjectDetail({ id, initial, showCost = false }: { id: string; initial?: { data: Project; readAt: number }; /** pay.read: the project's labour cost. */ showCost?: boolean }) {
  const project = useProject(id, initial);
  if (project.isError) {
    const friendly = getFriendlyError(project.error);
    return <EmptyState title={friendly.title} description={friendly.description} action={<Link href="/projects" className="text-sm font-medium text-indigo-600 hover:underline">Back to projects</Link>} />;
  }
  if (!project.data) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" />
      </div>
    );
  }
  return <ProjectView project={project.data} showCost={showCost} />;
}

function ProjectView({ project, showCost }: { project: Project; showCost: boolean }) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdateProject(project.id);
  const remove = useDeleteProject();
  const restore = useRestoreProject();
  const p = project.progress;
  const perms = project.permissions;

  const archive = (archived: boolean) =>
    update.mutate(
      { archived },
      { onSuccess: () => toast({ title: archived ? "Project archived" : "Project restored from the archive", description: project.name }), onError: (e) => toastError(e) },
    );
  const onDelete = async () => {
    try {
      await remove.mutateAsync(project.id);
    } catch (error) {
      toastError(error);
      return;
    }
    toast({ title: "Project deleted", description: project.name });
    router.push("/projects");
  };

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <Link href="/projects" className="text-sm text-indigo-600 hover:underline">
        ← Projects
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span aria-hidden className="mt-1.5 size-4 shrink-0 rounded-full" style={{ backgroundColor: project.color ?? "#cbd5e1" }} />
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold break-words text-slate-900">{project.name}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <ProjectStatusBadge status={project.status as ProjectStatusValue} />
              {p.atRisk && <AtRiskBadge />}
              {project.archivedAt && <Badge>Archived</Badge>}
              {project.deletedAt && <Badge variant="danger">Deleted</Badge>}
            </div>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {perms.canEdit && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {perms.canArchive && (
            <Button variant="secondary" isLoading={update.isPending} onClick={() => archive(!project.archivedAt)}>
              {project.archivedAt ? "Unarchive" : "Archive"}
            </Button>
          )}
          {perms.canDelete && (
            <Button variant="destructive" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
          {perms.canRestore && (
            <Button
              isLoading={restore.isPending}
              onClick={() => restore.mutate(project.id, { onSuccess: () => toast({ title: "Project restored", description: project.name }), onError: (e) => toastError(e) })}
            >
              Restore
            </Button>
          )}
        </div>
      </div>

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <Section title="Progress">
            <ProgressBar done={p.done} total={p.total} percent={p.percent} label={`Progress of ${project.name}`} color={project.color} />
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <Stat label="Open" value={p.open} />
              <Stat label="Done" value={p.done} />
              <Stat label="Overdue" value={p.overdue} danger={p.overdue > 0} />
              <Stat label="Hours logged" value={p.hoursLogged} />
            </dl>
          </Section>
          <Section title="Description">
            {project.description ? (
              // Sanitized on the server with the task description's allow-list.
              <div className={`${PROSE_CLASSES} text-sm text-slate-800`} dangerouslySetInnerHTML={{ __html: project.description }} />
            ) : (
              <p className="text-sm text-slate-500">No description.</p>
            )}
          </Section>
        </div>
        <div className="space-y-5">
          <Section title="Key dates">
            <dl className="space-y-2 text-sm">
              <Row label="Start">{project.startDate ? formatDay(project.startDate) : "—"}</Row>
              <Row label="Target">{project.dueDate ? formatDay(project.dueDate) : "—"}</Row>
              <Row label="Created">{formatDateTime(project.createdAt)}</Row>
            </dl>
          </Section>
          <Section title="People">
            <dl className="space-y-2 text-sm">
              <Row label="Owner">{project.owner ? `${project.owner.firstName} ${project.owner.lastName}` : "—"}</Row>
              <Row label="Department">{project.department?.name ?? "—"}</Row>
              <Row label="Created by">{`${project.createdBy.firstName} ${project.createdBy.lastName}`}</Row>
            </dl>
            {project.members.length > 0 && (
              <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Members">
                {project.members.map((m) => (
                  <li key={m.id} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-800">
                    {m.firstName} {m.lastName}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          {project.processRuns.length > 0 && (
            <Section title="Started from processes">
              <ul className="space-y-1 text-sm">
                {project.processRuns.map((run) => (
                  <li key={run.id}>
                    <Link href={`/processes/${run.process.id}`} className="text-indigo-600 hover:underline">
                      {run.process.name}
                    </Link>{" "}
                    <span className="text-slate-500">· started {formatDay(run.startDate)}</span>
                  </li>
                ))}
              </ul>
            </Section>
          )}
        </div>
      </div>

      {perms.canEdit && <QuickAdd project={project} />}

      {showCost ? <LabourCostCard query={`projectId=${project.id}`} what="this project's tasks" /> : null}

      <section aria-labelledby="project-tasks" className="space-y-3">
        <h2 id="project-tasks" className="text-lg font-semibold text-slate-900">
          Tasks
        </h2>
        <Dashboard project={{ id: project.id, departmentId: project.department?.id ?? null }} options={taskFilterOptions()} />
      </section>

      <Section title="Timeline">
        <ProjectTimeline projectId={project.id} />
      </Section>
      <Section title="Activity">
        <ProjectActivity projectId={project.id} />
      </Section>

      <LazyProjectFormDialog open={editing} project={project} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete this project?"
        description="It leaves every list. Its tasks stay as they are, and an administrator can restore the project from the Deleted view."
        size="md"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </div>
  );
}

/**
 * Quick add: a title and a due day create a task in the project and its department in one
 * go; with no department on the project, "More options" opens the full task form instead.
 */
function QuickAdd({ project }: { project: Project }) {
  const department = project.department?.id ?? null;
  const schema = useMemo(() => quickAddSchema(department), [department]);
  const form = useZodForm(schema, { defaultValues: { title: "", dueDay: "" } });
  // One uuid per task being added: a retry after a failure re-sends it (harmless), a success
  // starts the next. A ref, not state, so a submit right after a success never reuses it.
  const uuid = useRef<string | null>(null);
  const create = useCreateTask();
  const error = firstError(form.formState.errors);

  const submit = async ({ title, dueDay }: { title: string; dueDay: string }) => {
    uuid.current ??= crypto.randomUUID();
    try {
      await create.mutateAsync({ uuid: uuid.current, title, department: department!, projectId: project.id, dueDate: combineDayAndTime(dueDay, null, "due").toISOString() });
      uuid.current = null;
      toast({ title: "Task created successfully" });
      // Someone who typed the next title while this one was saving keeps it.
      if (form.getValues("title").trim() === title) form.reset({ title: "", dueDay });
    } catch (e) {
      toastError(e);
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Quick add task" className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input aria-label="New task title" placeholder={`Add a task to ${project.name}`} maxLength={500} {...form.register("title")} className="sm:flex-1" />
        <Input aria-label="New task due date" type="date" {...form.register("dueDay")} className="sm:w-44" />
        <Button type="submit" isLoading={create.isPending}>
          Add Task
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {error}
          {!department && " — the project has no department; use New Task in the list below."}
        </p>
      )}
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right text-slate-900">{children}</dd>
    </div>
  );
}

function Stat({ label, value, danger }: { label: string; value: number; danger?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`text-lg font-semibold ${danger ? "text-red-600" : "text-slate-900"}`}>{value}</dd>
    </div>
  );
}
