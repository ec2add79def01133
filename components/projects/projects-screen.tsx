"use client";

import { useRouter } from "next/navigation";
import { useDeferredValue, useEffect, useState } from "react";
import { DepartmentPicker } from "@/components/org/department-picker";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { getFriendlyError } from "@/lib/api-client";
import { PROJECT_STATUSES, PROJECT_STATUS_LABELS, type ProjectStatusValue } from "@/lib/projects/options";
import { useProjectList, type ProjectFilters, type ProjectSummary } from "@/lib/queries/projects";
import { formatDay } from "@/lib/dates";
import { AtRiskBadge, ProjectStatusBadge } from "./project-badges";
import { LazyProjectFormDialog } from "./lazy-project-form";
import { ProgressBar } from "./progress-bar";
import { RowLink } from "@/components/ui/row-link";

const PAGE_SIZE = 24;
const SORTS = [
  { value: "dueDate", label: "Target date" },
  { value: "name", label: "Name" },
  { value: "updatedAt", label: "Recently updated" },
  { value: "createdAt", label: "Newest" },
  { value: "status", label: "Status" },
] as const;

/**
 * /projects: project cards with status, owner, progress (done over all visible tasks), overdue
 * tasks, hours logged and the target date with an "At risk" marker. Search, filters (status,
 * department, mine), sorting and paging run on the server. `?create=true` opens the create
 * form on arrival and the URL is cleaned at once.
 */
export function ProjectsScreen({ create, canSeeDeleted }: { create: boolean; canSeeDeleted: boolean }) {
  const router = useRouter();
  const [creating, setCreating] = useState(create);
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [unitId, setUnitId] = useState<string | null>(null);
  const [mine, setMine] = useState(false);
  const [show, setShow] = useState<NonNullable<ProjectFilters["show"]>>("current");
  const [sort, setSort] = useState("dueDate");
  const [page, setPage] = useState(1);
  const q = useDeferredValue(search.trim());

  useEffect(() => {
    // The form is open; a reload or a shared link should not open it again.
    if (create) router.replace("/projects", { scroll: false });
  }, [create, router]);

  const list = useProjectList({ q: q || undefined, status: status || undefined, unitId, mine: mine || undefined, show, sort, page, pageSize: PAGE_SIZE });
  const data = list.data;
  const filtered = Boolean(q || status || unitId || mine || show !== "current");
  const reset = <T,>(fn: (v: T) => void) => (v: T) => {
    fn(v);
    setPage(1);
  };
  const clear = () => {
    setSearch("");
    setStatus("");
    setUnitId(null);
    setMine(false);
    setShow("current");
    setPage(1);
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Projects</h1>
        <Button onClick={() => setCreating(true)}>New Project</Button>
      </div>

      <section aria-label="Filters" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <Input type="search" aria-label="Search projects" placeholder="Search projects" value={search} onChange={(e) => reset(setSearch)(e.target.value)} />
        </div>
        <Select aria-label="Status" value={status} onChange={(e) => reset(setStatus)(e.target.value)}>
          <option value="">Any status</option>
          {PROJECT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PROJECT_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select aria-label="Sort by" value={sort} onChange={(e) => reset(setSort)(e.target.value)}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              Sort: {s.label}
            </option>
          ))}
        </Select>
        <div className="sm:col-span-2">
          <DepartmentPicker loadOnUse id="project-filter-department" value={unitId} onChange={reset(setUnitId)} placeholder="All departments" />
        </div>
        <div className="flex items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4 rounded border-slate-300" checked={mine} onChange={(e) => reset(setMine)(e.target.checked)} />
            Mine
          </label>
          <Select aria-label="Show" value={show} onChange={(e) => reset(setShow)(e.target.value as NonNullable<ProjectFilters["show"]>)}>
            <option value="current">Current</option>
            <option value="archived">Archived</option>
            {canSeeDeleted && <option value="deleted">Deleted</option>}
          </Select>
        </div>
      </section>

      {list.isError ? (
        <EmptyState title={getFriendlyError(list.error).title} description={getFriendlyError(list.error).description} action={<Button onClick={() => list.refetch()}>Try Again</Button>} />
      ) : !data ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : data.items.length === 0 ? (
        filtered ? (
          <EmptyState title="No projects match these filters" description="Try another search or clear the filters." action={<Button variant="secondary" onClick={clear}>Clear filters</Button>} />
        ) : (
          <EmptyState
            title="No projects yet"
            description="A project gathers the tasks of one piece of work — a memorial event, a renovation — with its people, dates and progress."
            action={<Button onClick={() => setCreating(true)}>Create Project</Button>}
          />
        )
      ) : (
        <div className={`space-y-4 ${list.isFetching ? "opacity-70" : ""}`}>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Projects">
            {data.items.map((project) => (
              <ProjectCard key={project.id} project={project} />
            ))}
          </ul>
          <Pagination page={page} pages={Math.max(1, Math.ceil(data.total / PAGE_SIZE))} onPageChange={setPage} />
        </div>
      )}

      <LazyProjectFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(project) => {
          setCreating(false);
          router.push(`/projects/${project.id}`);
        }}
      />
    </div>
  );
}

function ProjectCard({ project }: { project: ProjectSummary }) {
  const p = project.progress;
  return (
    <li className="relative flex flex-col gap-3 overflow-hidden rounded-lg border border-slate-200 bg-white p-4 shadow-xs hover:border-indigo-300">
      <span aria-hidden className="absolute inset-y-0 left-0 w-1" style={{ backgroundColor: project.color ?? "#cbd5e1" }} />
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 text-base font-semibold break-words text-slate-900">
          <RowLink href={`/projects/${project.id}`} className="after:absolute after:inset-0 hover:text-indigo-700">
            {project.name}
          </RowLink>
        </h2>
        <ProjectStatusBadge status={project.status as ProjectStatusValue} />
      </div>
      <p className="text-sm text-slate-600">
        {project.owner ? `${project.owner.firstName} ${project.owner.lastName}` : "No owner"}
        {project.department ? ` · ${project.department.name}` : ""}
      </p>
      <ProgressBar done={p.done} total={p.total} percent={p.percent} label={`Progress of ${project.name}`} color={project.color} />
      <dl className="grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-slate-500">Overdue</dt>
          <dd className={`font-semibold ${p.overdue ? "text-red-600" : "text-slate-900"}`}>{p.overdue}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Hours logged</dt>
          <dd className="font-semibold text-slate-900">{p.hoursLogged}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Target</dt>
          <dd className="font-semibold text-slate-900">{project.dueDate ? formatDay(project.dueDate) : "—"}</dd>
        </div>
      </dl>
      {(p.atRisk || project.archivedAt || project.deletedAt) && (
        <div className="flex flex-wrap gap-1.5">
          {p.atRisk && <AtRiskBadge />}
          {project.archivedAt && <span className="text-xs text-slate-500">Archived</span>}
          {project.deletedAt && <span className="text-xs text-red-700">Deleted</span>}
        </div>
      )}
    </li>
  );
}
