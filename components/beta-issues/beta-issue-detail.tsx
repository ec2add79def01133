"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/components/ui/use-toast";
import { getFriendlyError, serverMessageOf } from "@/lib/api-client";
import {
  BETA_ISSUE_SEVERITIES,
  BETA_ISSUE_STATUSES,
  BETA_SEVERITY_LABELS,
  BETA_STATUS_LABELS,
  formatFileSize,
  type BetaIssueSeverityValue,
  type BetaIssueStatusValue,
} from "@/lib/beta-issues/options";
import {
  useAddBetaComment,
  useBetaIssue,
  useConvertBetaIssue,
  useDeleteBetaIssue,
  useUpdateBetaIssue,
  type BetaIssue,
} from "@/lib/queries/beta-issues";
import { formatDateTime } from "@/lib/dates";
import { createBetaCommentSchema, type CreateBetaCommentInput } from "@/lib/validations/beta-issues";
import { BetaSeverityBadge, BetaStatusBadge, BetaTypeBadge } from "./beta-badges";
import { describeBrowser } from "./environment";
import { FileKindIcon } from "./file-kind-icon";

/**
 * /beta-issues/{uuid}: the description (plain text, rendered as text), attachments with image
 * previews and links, the captured environment, the thread between the reporter and the
 * admins, and the status history. Admins change status and severity, turn the issue into a
 * task in one click, or delete it.
 */
export function BetaIssueDetail({ id, backLabel, initial }: { id: string; backLabel: string; initial?: BetaIssue }) {
  const issue = useBetaIssue(id, initial);
  if (issue.isError) {
    const friendly = getFriendlyError(issue.error);
    return <EmptyState title={friendly.title} description={friendly.description} action={<Link href="/beta-issues" className="text-sm font-medium text-indigo-600 hover:underline">Back to {backLabel}</Link>} />;
  }
  if (!issue.data) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" />
      </div>
    );
  }
  return <IssueView issue={issue.data} backLabel={backLabel} />;
}

function IssueView({ issue, backLabel }: { issue: BetaIssue; backLabel: string }) {
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="space-y-3">
        <Link href="/beta-issues" className="text-sm text-indigo-600 hover:underline">
          ← {backLabel}
        </Link>
        <h1 className="text-2xl font-semibold break-words text-slate-900">{issue.title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <BetaStatusBadge status={issue.status} />
          <BetaTypeBadge issueType={issue.issueType} />
          <BetaSeverityBadge severity={issue.severity} />
          {issue.convertedTask && (
            <Link href={`/tasks/${issue.convertedTask.id}`} className="text-sm font-medium text-indigo-600 hover:underline">
              Task #{issue.convertedTask.displayNumber}
            </Link>
          )}
        </div>
        <p className="text-sm text-slate-600">
          Reported by {issue.reporter.firstName} {issue.reporter.lastName} on <time dateTime={issue.createdAt}>{formatDateTime(issue.createdAt)}</time>
        </p>
      </div>

      {issue.permissions.canTriage && <TriagePanel issue={issue} />}

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <Section title="Description">
            <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800" data-testid="beta-description">
              {issue.description}
            </p>
          </Section>
          <Section title={`Attachments (${issue.attachments.length})`}>
            <Attachments issue={issue} />
          </Section>
          <Section title="Comments">
            <Comments issue={issue} />
          </Section>
        </div>
        <div className="space-y-5">
          <Section title="Environment">
            <EnvironmentList issue={issue} />
          </Section>
          <Section title="Status history">
            <History issue={issue} />
          </Section>
        </div>
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5" aria-label={title}>
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function TriagePanel({ issue }: { issue: BetaIssue }) {
  const router = useRouter();
  const ids = useId();
  const update = useUpdateBetaIssue(issue.id);
  const convert = useConvertBetaIssue(issue.id);
  const remove = useDeleteBetaIssue(issue.id);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const change = (body: { status?: BetaIssueStatusValue; severity?: BetaIssueSeverityValue }, what: string) =>
    update.mutate(body, {
      onSuccess: () => toast({ title: `${what} updated` }),
      onError: (error) => toastError(error),
    });

  return (
    <section className="rounded-lg border border-indigo-200 bg-indigo-50/50 p-4 sm:p-5" aria-label="Triage">
      <h2 className="mb-3 text-base font-semibold text-slate-900">Triage</h2>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
        <div>
          <Label htmlFor={`${ids}-status`}>Status</Label>
          <Select id={`${ids}-status`} className="mt-1" value={issue.status} disabled={update.isPending} onChange={(e) => change({ status: e.target.value as BetaIssueStatusValue }, "Status")}>
            {BETA_ISSUE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {BETA_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${ids}-severity`}>Severity</Label>
          <Select id={`${ids}-severity`} className="mt-1" value={issue.severity} disabled={update.isPending} onChange={(e) => change({ severity: e.target.value as BetaIssueSeverityValue }, "Severity")}>
            {BETA_ISSUE_SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {BETA_SEVERITY_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        {issue.convertedTask ? (
          <Link href={`/tasks/${issue.convertedTask.id}`} className="inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-medium text-indigo-700 ring-1 ring-indigo-300 hover:bg-white">
            Open task #{issue.convertedTask.displayNumber}
          </Link>
        ) : (
          <Button
            isLoading={convert.isPending}
            onClick={() =>
              convert.mutate(undefined, {
                onSuccess: (updated) =>
                  toast({
                    title: "Task created successfully",
                    description: `#${updated.convertedTask?.displayNumber} links back to this issue.`,
                    link: updated.convertedTask ? { label: "Open task", href: `/tasks/${updated.convertedTask.id}` } : undefined,
                  }),
                onError: (error) => toastError(error),
              })
            }
          >
            Convert to task
          </Button>
        )}
        <Button variant="secondary" className="text-red-700" onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete this beta issue?"
        description="The issue, its comments, history and attached files are deleted for good."
        confirmLabel="Delete issue"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast({ title: "Beta issue deleted", description: issue.title });
              router.push("/beta-issues");
            },
            onError: (error) => toastError(error),
          })
        }
      />
    </section>
  );
}

function Attachments({ issue }: { issue: BetaIssue }) {
  if (issue.attachments.length === 0) return <p className="text-sm text-slate-500">No files attached.</p>;
  const images = issue.attachments.filter((a) => a.isImage);
  const others = issue.attachments.filter((a) => !a.isImage);
  return (
    <div className="space-y-3">
      {images.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((a) => (
            <li key={a.id}>
              <a href={a.url} target="_blank" rel="noopener" className="group block overflow-hidden rounded-lg border border-slate-200">
                {/* eslint-disable-next-line @next/next/no-img-element -- an authorized download, not an optimizable static asset */}
                <img src={a.url} alt={a.fileName} loading="lazy" className="aspect-video w-full bg-slate-100 object-contain" />
                <span className="block truncate px-2 py-1 text-xs text-slate-700 group-hover:text-indigo-700">
                  {a.fileName} · {formatFileSize(a.size)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {others.map((a) => (
            <li key={a.id} className="flex items-center gap-3 px-3 py-2">
              <FileKindIcon contentType={a.contentType} className="size-5 shrink-0 text-slate-500" />
              <a href={a.url} download={a.fileName} className="min-w-0 flex-1 truncate text-sm font-medium text-indigo-700 hover:underline">
                {a.fileName}
              </a>
              <span className="shrink-0 text-xs text-slate-500">{formatFileSize(a.size)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function EnvironmentList({ issue }: { issue: BetaIssue }) {
  const env = issue.environment;
  const rows: Array<[string, ReactNode]> = [
    ["Page", env.pageUrl ? <span className="break-all">{env.pageUrl}</span> : null],
    ["Browser", env.userAgent ? <span title={env.userAgent}>{describeBrowser(env.userAgent)}</span> : null],
    ["Screen", env.screen],
    ["Window", env.viewport],
    ["Pixel ratio", env.pixelRatio ? String(env.pixelRatio) : null],
    ["Language", env.language],
    ["Time zone", env.timeZone],
    ["Platform", env.platform],
  ];
  const shown = rows.filter(([, value]) => value);
  if (shown.length === 0) return <p className="text-sm text-slate-500">Nothing was captured.</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="min-w-0 text-slate-800">{value}</dd>
        </div>
      ))}
      {env.userAgent && (
        <div className="col-span-2 mt-1">
          <details className="text-xs text-slate-500">
            <summary className="cursor-pointer">User agent</summary>
            <p className="mt-1 break-all">{env.userAgent}</p>
          </details>
        </div>
      )}
    </dl>
  );
}

function Comments({ issue }: { issue: BetaIssue }) {
  const form = useZodForm(createBetaCommentSchema, { defaultValues: { body: "" } });
  const add = useAddBetaComment(issue.id);

  const submit = ({ body }: CreateBetaCommentInput) =>
    add.mutate(body, {
      onSuccess: () => {
        form.reset({ body: "" });
        toast({ title: "Comment added" });
      },
      onError: (e) => {
        form.setError("body", { type: "server", message: serverMessageOf(e) });
        toastError(e);
      },
    });

  return (
    <div className="space-y-4">
      {issue.comments.length === 0 ? (
        <p className="text-sm text-slate-500">No comments yet.</p>
      ) : (
        <ol className="space-y-3">
          {issue.comments.map((c) => (
            <li key={c.id} className={`rounded-lg p-3 ${c.author.isAdmin ? "bg-indigo-50" : "bg-slate-50"}`}>
              <div className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                <span className="font-medium text-slate-900">
                  {c.author.firstName} {c.author.lastName}
                </span>
                {c.author.isAdmin && <Badge variant="accent">Admin</Badge>}
                <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
              </div>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{c.body}</p>
            </li>
          ))}
        </ol>
      )}
      {issue.permissions.canComment && (
        <Form form={form} onSubmit={submit} className="space-y-2">
          <Field name="body" label="Add a comment" announce>
            {(control) => <Textarea {...control} rows={3} maxLength={5000} {...form.register("body")} />}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" size="sm" isLoading={add.isPending}>
              Add comment
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}

function History({ issue }: { issue: BetaIssue }) {
  return (
    <ol className="space-y-3 border-l border-slate-200 pl-4">
      {issue.history.map((h) => {
        const parts: string[] = [];
        if (h.fromStatus === null && h.toStatus) parts.push(`Reported as ${BETA_STATUS_LABELS[h.toStatus]}`);
        else if (h.toStatus) parts.push(`Status: ${BETA_STATUS_LABELS[h.fromStatus!]} → ${BETA_STATUS_LABELS[h.toStatus]}`);
        if (h.fromSeverity === null && h.toSeverity) parts.push(`severity ${BETA_SEVERITY_LABELS[h.toSeverity]}`);
        else if (h.toSeverity) parts.push(`Severity: ${BETA_SEVERITY_LABELS[h.fromSeverity!]} → ${BETA_SEVERITY_LABELS[h.toSeverity]}`);
        return (
          <li key={h.id} className="relative text-sm">
            <span className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-indigo-400" aria-hidden="true" />
            <p className="text-slate-800">{parts.join(", ")}</p>
            <p className="text-xs text-slate-500">
              {h.actor ? `${h.actor.firstName} ${h.actor.lastName} · ` : ""}
              <time dateTime={h.createdAt}>{formatDateTime(h.createdAt)}</time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
