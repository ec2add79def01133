"use client";

import { useDeferredValue, useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { getFriendlyError } from "@/lib/api-client";
import {
  BETA_ISSUE_SEVERITIES,
  BETA_ISSUE_STATUSES,
  BETA_ISSUE_TYPE_LABELS,
  BETA_ISSUE_TYPES,
  BETA_SEVERITY_LABELS,
  BETA_STATUS_LABELS,
} from "@/lib/beta-issues/options";
import { useBetaIssues, type BetaIssueFilters } from "@/lib/queries/beta-issues";
import { formatDateTime } from "@/lib/dates";
import { BetaSeverityBadge, BetaStatusBadge, BetaTypeBadge } from "./beta-badges";
import { PaperclipIcon } from "./file-kind-icon";
import { RowLink } from "@/components/ui/row-link";

const SORTS: Record<string, { label: string; sort: string; order?: "asc" | "desc" }> = {
  newest: { label: "Newest first", sort: "createdAt", order: "desc" },
  oldest: { label: "Oldest first", sort: "createdAt", order: "asc" },
  updated: { label: "Recently updated", sort: "updatedAt", order: "desc" },
  severity: { label: "Severity (high first)", sort: "severity", order: "desc" },
  status: { label: "Status", sort: "status", order: "asc" },
  title: { label: "Title (A–Z)", sort: "title", order: "asc" },
};

const PAGE_SIZE = 25;

/**
 * /beta-issues: "My Beta Issues" (the caller's own reports) or, for admins, "Beta Issues"
 * (everyone's, with the reporter). Status, type, severity, reporter (admins), date and
 * attachment count per issue; filters, search and sort.
 */
export function BetaIssueList({ title, showReporter }: { title: string; showReporter: boolean }) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [issueType, setIssueType] = useState("");
  const [severity, setSeverity] = useState("");
  const [sortKey, setSortKey] = useState("newest");
  const [page, setPage] = useState(1);
  const q = useDeferredValue(search.trim());
  const { sort, order } = SORTS[sortKey];
  const filters: BetaIssueFilters = { q: q || undefined, status, issueType, severity, sort, order, page, pageSize: PAGE_SIZE };
  const list = useBetaIssues(filters);
  const filtered = Boolean(q || status || issueType || severity);
  const change = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {showReporter
            ? "Every beta issue the team reported. Open one to triage it, answer the reporter or turn it into a task."
            : "The beta issues you reported and where they stand. Report a new one from the round + button."}
        </p>
      </div>

      <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <Input
          type="search"
          aria-label="Search beta issues"
          placeholder={showReporter ? "Search title or reporter" : "Search title"}
          value={search}
          onChange={(e) => change(setSearch)(e.target.value)}
          className="col-span-2 md:col-span-1"
        />
        <Select aria-label="Status" value={status} onChange={(e) => change(setStatus)(e.target.value)}>
          <option value="">All statuses</option>
          {BETA_ISSUE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {BETA_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select aria-label="Category" value={issueType} onChange={(e) => change(setIssueType)(e.target.value)}>
          <option value="">All categories</option>
          {BETA_ISSUE_TYPES.map((t) => (
            <option key={t} value={t}>
              {BETA_ISSUE_TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
        <Select aria-label="Severity" value={severity} onChange={(e) => change(setSeverity)(e.target.value)}>
          <option value="">All severities</option>
          {BETA_ISSUE_SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {BETA_SEVERITY_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select aria-label="Sort by" value={sortKey} onChange={(e) => change(setSortKey)(e.target.value)}>
          {Object.entries(SORTS).map(([key, s]) => (
            <option key={key} value={key}>
              {s.label}
            </option>
          ))}
        </Select>
      </div>

      {list.isError ? (
        <EmptyState title={getFriendlyError(list.error).title} description={getFriendlyError(list.error).description} />
      ) : !list.data ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title={filtered ? "No matching beta issues" : "No beta issues yet"}
          description={filtered ? "No issue matches these filters." : "Issues reported with Report Beta Issue (the round + button) show up here."}
        />
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {list.data.total} issue{list.data.total === 1 ? "" : "s"}
          </p>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white" aria-label={title}>
            {list.data.items.map((issue) => (
              <li key={issue.id} className="px-4 py-3 hover:bg-slate-50" data-testid="beta-issue-row">
                <div className="flex flex-col gap-1.5 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
                  <RowLink href={`/beta-issues/${issue.id}`} className="min-w-0 font-medium break-words text-slate-900 hover:text-indigo-700 hover:underline">
                    {issue.title}
                  </RowLink>
                  <div className="flex shrink-0 flex-wrap gap-1.5">
                    <BetaStatusBadge status={issue.status} />
                    <BetaTypeBadge issueType={issue.issueType} />
                    <BetaSeverityBadge severity={issue.severity} />
                  </div>
                </div>
                <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600">
                  {showReporter && (
                    <span>
                      {issue.reporter.firstName} {issue.reporter.lastName}
                    </span>
                  )}
                  <span>
                    <time dateTime={issue.createdAt}>{formatDateTime(issue.createdAt)}</time>
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <PaperclipIcon className="size-3.5" />
                    {issue.attachmentCount} file{issue.attachmentCount === 1 ? "" : "s"}
                  </span>
                  {issue.commentCount > 0 && <span>{issue.commentCount} comment{issue.commentCount === 1 ? "" : "s"}</span>}
                  {issue.convertedTask && <span>Task #{issue.convertedTask.displayNumber}</span>}
                </p>
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={Math.ceil(list.data.total / PAGE_SIZE)} onPageChange={setPage} />
        </>
      )}
    </div>
  );
}
