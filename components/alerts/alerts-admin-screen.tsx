"use client";

import { useState } from "react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { MemberPicker } from "@/components/projects/member-list-picker";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { getFriendlyError } from "@/lib/api-client";
import {
  useAdminAlerts,
  useAlertRules,
  useBulkAcknowledge,
  useDeleteAlertRule,
  useUpdateAlertRule,
} from "@/lib/queries/alerts-admin";
import { useUnits } from "@/lib/queries/org";
import { formatDateTime } from "@/lib/dates";
import { ALERT_KIND_LABELS, ALERT_KIND_PARAM, ALERT_SEVERITIES, type AlertRuleDto } from "@/lib/validations/alerts";
import { ExpectedStartsSection } from "@/components/accountability/expected-starts-section";
import { SEVERITY_BADGE } from "./alert-panel";
import { RuleFormDialog } from "./rule-form-dialog";

const PAGE_SIZE = 25;

/** /admin/alerts: the rules, the organization's open alerts, and the expected start times. */
export function AlertsAdminScreen() {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Alerts Admin</h1>
        <p className="mt-1 text-sm text-slate-600">Rules that watch the work, the alerts they raised, and when each member is expected to start.</p>
      </div>
      <RulesSection />
      <OpenAlertsSection />
      <ExpectedStartsSection />
    </div>
  );
}

function describeRule(rule: AlertRuleDto): string {
  const p = ALERT_KIND_PARAM[rule.kind];
  return `${p.label} ${rule.params.threshold} ${p.unit}`;
}

function RulesSection() {
  const rules = useAlertRules();
  const update = useUpdateAlertRule();
  const remove = useDeleteAlertRule();
  const [editing, setEditing] = useState<AlertRuleDto | null>(null);
  const [creating, setCreating] = useState(false);

  return (
    <section aria-labelledby="rules-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="rules-heading" className="text-lg font-semibold text-slate-900">
          Alert rules
        </h2>
        <Button onClick={() => setCreating(true)}>New rule</Button>
      </div>
      {rules.isError ? (
        <EmptyState title={getFriendlyError(rules.error).title} description={getFriendlyError(rules.error).description} />
      ) : !rules.data ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : rules.data.items.length === 0 ? (
        <EmptyState title="No alert rules yet" description="Create a rule to be told when a task is overdue, a pickup waits, or a shift is never closed." />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Alert rules">
          {rules.data.items.map((rule) => (
            <li key={rule.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="alert-rule-row">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-900">
                  {rule.name}
                  <Badge variant={SEVERITY_BADGE[rule.severity].variant}>{SEVERITY_BADGE[rule.severity].label}</Badge>
                  {rule.isActive ? null : <Badge>Paused</Badge>}
                </p>
                <p className="text-sm text-slate-600">
                  {ALERT_KIND_LABELS[rule.kind]} · {describeRule(rule)} · {rule.scope === "everyone" ? "everyone" : rule.scope === "department" ? "one department" : `${rule.scopeUserIds.length} member(s)`}
                  {rule.channelEmail ? " · e-mail" : ""}
                </p>
                <p className="text-xs text-slate-500">
                  Last fired: {rule.lastFiredAt ? <time dateTime={rule.lastFiredAt}>{formatDateTime(rule.lastFiredAt)}</time> : "never"} · {rule.openCount} open · {rule.totalCount} in all
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => setEditing(rule)} aria-label={`Edit ${rule.name}`}>
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`${rule.isActive ? "Pause" : "Resume"} ${rule.name}`}
                  onClick={() => update.mutate({ id: rule.id, body: { isActive: !rule.isActive } }, { onError: (e) => toastError(e, { title: "Could not change the rule" }) })}
                >
                  {rule.isActive ? "Pause" : "Resume"}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete ${rule.name}`}
                  onClick={() => {
                    if (!window.confirm(`Delete the rule "${rule.name}"? Its open alerts end; its history stays.`)) return;
                    remove.mutate(rule.id, { onSuccess: () => toast({ title: "Rule deleted" }), onError: (e) => toastError(e, { title: "Could not delete the rule" }) });
                  }}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {creating ? <RuleFormDialog open rule={null} onClose={() => setCreating(false)} /> : null}
      {editing ? <RuleFormDialog key={editing.id} open rule={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function OpenAlertsSection() {
  const [severity, setSeverity] = useState("");
  const [ruleId, setRuleId] = useState("");
  const [unitId, setUnitId] = useState("");
  const [userId, setUserId] = useState("");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const alerts = useAdminAlerts({ severity, ruleId, unitId, userId, page, pageSize: PAGE_SIZE });
  const rules = useAlertRules();
  const units = useUnits();
  const acknowledge = useBulkAcknowledge();
  const pick = (set: (v: string) => void) => (value: string) => {
    set(value);
    setPage(1);
    setSelected(new Set());
  };
  const change = (set: (v: string) => void) => (e: React.ChangeEvent<HTMLSelectElement>) => pick(set)(e.target.value);
  const items = alerts.data?.items ?? [];
  const allSelected = items.length > 0 && items.every((a) => selected.has(a.id));

  return (
    <section aria-labelledby="open-alerts-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="open-alerts-heading" className="text-lg font-semibold text-slate-900">
          Open alerts
        </h2>
        <Button
          variant="secondary"
          disabled={selected.size === 0 || acknowledge.isPending}
          onClick={() =>
            acknowledge.mutate([...selected], {
              onSuccess: () => (toast({ title: `${selected.size} acknowledged` }), setSelected(new Set())),
              onError: (e) => toastError(e, { title: "Could not acknowledge" }),
            })
          }
        >
          Acknowledge selected{selected.size ? ` (${selected.size})` : ""}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Select aria-label="Severity" value={severity} onChange={change(setSeverity)}>
          <option value="">All severities</option>
          {ALERT_SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {SEVERITY_BADGE[s].label}
            </option>
          ))}
        </Select>
        <Select aria-label="Rule" value={ruleId} onChange={change(setRuleId)}>
          <option value="">All rules</option>
          {(rules.data?.items ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </Select>
        <Select aria-label="Department" value={unitId} onChange={change(setUnitId)}>
          <option value="">All departments</option>
          {(units.data ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </Select>
        <MemberPicker aria-label="Member" value={userId || null} onChange={(id) => pick(setUserId)(id ?? "")} placeholder="All members" clearLabel="Show all members" />
      </div>
      {alerts.isError ? (
        <EmptyState title={getFriendlyError(alerts.error).title} description={getFriendlyError(alerts.error).description} />
      ) : !alerts.data ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        <EmptyState title="No open alerts" description="Nothing is waiting for attention with these filters." />
      ) : (
        <>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300"
              checked={allSelected}
              onChange={(e) => setSelected(e.target.checked ? new Set(items.map((a) => a.id)) : new Set())}
            />
            Select all on this page ({alerts.data.total} open)
          </label>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Open alerts">
            {items.map((alert) => (
              <li key={alert.id} className="flex items-start gap-3 px-4 py-3" data-testid="admin-alert-row">
                <input
                  type="checkbox"
                  className="mt-1 size-4 rounded border-slate-300"
                  aria-label={`Select: ${alert.title}`}
                  checked={selected.has(alert.id)}
                  onChange={(e) => {
                    const next = new Set(selected);
                    if (e.target.checked) next.add(alert.id);
                    else next.delete(alert.id);
                    setSelected(next);
                  }}
                />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    {alert.href ? (
                      <Link href={alert.href} className="font-medium break-words text-slate-900 hover:text-indigo-700 hover:underline">
                        {alert.title}
                      </Link>
                    ) : (
                      <span className="font-medium break-words text-slate-900">{alert.title}</span>
                    )}
                    <Badge variant={SEVERITY_BADGE[alert.severity].variant}>{SEVERITY_BADGE[alert.severity].label}</Badge>
                  </div>
                  <p className="text-sm text-slate-700">{alert.message}</p>
                  <p className="text-xs text-slate-500">
                    {[alert.ruleName, alert.memberName, alert.unitName].filter(Boolean).join(" · ")} · <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={Math.ceil(alerts.data.total / PAGE_SIZE)} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
