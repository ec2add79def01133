"use client";

import { PaySection } from "@/components/pay/pay-section";
import { isAdminRole } from "@/lib/auth/permissions";
import { PAY_TYPE_OPTIONS } from "@/lib/members/options";
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { MemberCertifications } from "@/components/cases/member-certifications";
import { Spinner } from "@/components/ui/spinner";
import { clockTime, WEEK_STARTS_ON, weekdayName } from "@/lib/dates";
import { formatShortDate, formatWeekdayDateTime } from "@/lib/dates/instant-labels";
import { useMember, type MemberProfile } from "@/lib/queries/members";
import { memberRoleLabel } from "@/lib/members/names";
import { LazyMemberActiveDialog, LazyMemberFormDialog } from "./lazy-member-dialogs";

export const formatMinutes = (minutes: number) => `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, "0")}m`;

const STATUS_LABEL: Record<string, string> = { open: "Open", in_progress: "In progress", blocked: "Blocked" };

export function MemberProfileScreen({
  id,
  canManage,
  canCertify = false,
  pay = null,
  initial,
}: {
  id: string;
  canManage: boolean;
  canCertify?: boolean;
  /** The Pay section: only for a caller with pay.read (`manage`: pay.manage). */
  pay?: { manage: boolean } | null;
  initial?: { data: MemberProfile; readAt: number };
}) {
  const member = useMember(id, { initial });
  const [dialog, setDialog] = useState<"edit" | "active" | null>(null);

  if (member.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner size="lg" />
      </div>
    );
  }
  if (member.isError) {
    const notFound = (member.error as { status?: number }).status === 404;
    return (
      <div className="mx-auto max-w-3xl rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700" role="alert">
        {notFound ? "This member does not exist." : "The profile could not be loaded. Please try refreshing the page."}{" "}
        <Link href="/" className="font-medium underline">
          Go to the task list
        </Link>
      </div>
    );
  }
  const m = member.data;
  const name = `${m.firstName} ${m.lastName}`;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{name}</h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge variant={isAdminRole(m.role) ? "accent" : "neutral"}>{memberRoleLabel(m.role)}</Badge>
            <Badge>{m.memberType}</Badge>
            {!m.isActive && <Badge variant="danger">Deactivated</Badge>}
            {m.email && <span className="truncate">{m.email}</span>}
            {m.phone && <span>· {m.phone}</span>}
          </div>
          {m.payrollId !== undefined && (
            // Admins: what a payroll export says of this member (docs/organization.md, "Member type and pay type").
            <p className="mt-1 text-sm text-slate-600" data-testid="member-pay">
              {m.memberType === "volunteer"
                ? "Volunteer: not paid, no pay type"
                : `${PAY_TYPE_OPTIONS.find((o) => o.value === m.payType)?.label ?? "Hourly"} · ${m.payrollId ? `Payroll ID ${m.payrollId}` : "No payroll ID"}`}
            </p>
          )}
        </div>
        {canManage && (
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => setDialog("edit")}>
              Edit
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setDialog("active")}>
              {m.isActive ? "Deactivate" : "Reactivate"}
            </Button>
          </div>
        )}
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Units</CardTitle>
          </CardHeader>
          <CardContent>
            {m.units.length === 0 ? (
              <p className="text-sm text-slate-500">Not in any unit.</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {m.units.map((u) => (
                  <li key={u.id} className="text-slate-900">
                    {u.unitNumber !== null && <span className="mr-2 font-mono text-xs text-slate-500">{u.unitNumber}</span>}
                    {u.name}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Hours this week</CardTitle>
          </CardHeader>
          <CardContent>
            {m.hoursThisWeek ? (
              <>
                <p className="text-3xl font-semibold text-slate-900" data-testid="hours-this-week">
                  {formatMinutes(m.hoursThisWeek.minutes)}
                </p>
                <p className="mt-1 text-xs text-slate-500">Since {weekdayName(WEEK_STARTS_ON)} {formatShortDate(m.hoursThisWeek.weekStart)}; an open punch counts up to now.</p>
              </>
            ) : (
              <p className="text-sm text-slate-500">Only the member and administrators see hours and punches.</p>
            )}
          </CardContent>
        </Card>
      </div>

      <MemberCertifications memberId={id} canManage={canCertify} />

      {pay ? <PaySection memberId={id} canManage={pay.manage} /> : null}

      <Card>
        <CardHeader>
          <CardTitle as="h2">Open tasks ({m.openTasks.total})</CardTitle>
        </CardHeader>
        <CardContent className="px-0 py-0">
          {m.openTasks.items.length === 0 ? (
            <p className="px-5 py-4 text-sm text-slate-500">No open tasks.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {m.openTasks.items.map((t) => (
                <li key={t.id} className="flex flex-col gap-1 px-5 py-3 text-sm sm:flex-row sm:items-center sm:gap-3">
                  <Link href={`/tasks/${t.id}`} className="min-w-0 flex-1 truncate font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                    <span className="mr-1 text-slate-500">#{t.displayNumber}</span>
                    {t.title}
                  </Link>
                  <div className="flex shrink-0 flex-wrap items-center gap-2 text-xs text-slate-500">
                    {t.isLead && <Badge variant="accent">Lead</Badge>}
                    <Badge>{STATUS_LABEL[t.status] ?? t.status}</Badge>
                    <span>{t.organizationalUnit.name}</span>
                    <span>Due {formatShortDate(t.dueDate)}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {m.recentPunches && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Recent punches</CardTitle>
          </CardHeader>
          <CardContent className="px-0 py-0">
            {m.recentPunches.length === 0 ? (
              <p className="px-5 py-4 text-sm text-slate-500">No punches yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {m.recentPunches.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-2.5 text-sm">
                    <span className="text-slate-900">
                      {formatWeekdayDateTime(p.punchInAt)} – {p.punchOutAt ? clockTime(p.punchOutAt) : <Badge variant="success">Still punched in</Badge>}
                    </span>
                    <span className="text-slate-500">
                      {formatMinutes(p.minutes)}
                      {p.outReason ? ` · ${p.outReason}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      )}

      {canManage && dialog === "edit" && <LazyMemberFormDialog open onClose={() => setDialog(null)} member={m} />}
      {canManage && dialog === "active" && <LazyMemberActiveDialog open onClose={() => setDialog(null)} member={m} />}
    </div>
  );
}
