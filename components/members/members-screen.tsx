"use client";

import { isAdminRole } from "@/lib/auth/permissions";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { useErrorToast } from "@/components/ui/use-toast";
import { useMemberList, type Member, type MemberFilters } from "@/lib/queries/members";
import { MEMBER_PAGE_SIZE } from "@/lib/constants";
import { DepartmentPicker } from "@/components/org/department-picker";
import { memberRoleLabel } from "@/lib/members/names";
import { MEMBER_TYPE_OPTIONS, ROLE_OPTIONS } from "@/lib/members/options";
import { LazyMemberActiveDialog, LazyMemberFormDialog } from "./lazy-member-dialogs";
import { RowLink } from "@/components/ui/row-link";

type DialogState = { kind: "create" } | { kind: "edit" | "active"; member: Member } | null;

/** Waits for typing to pause before searching. */
function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * `/members` for every signed-in user (spec §2). Admins (`canManage`) create, edit, deactivate
 * and see emails and phones; everyone else gets the read-only directory the API scopes for them.
 */
export function MembersScreen({ canManage }: { canManage: boolean }) {
  const [q, setQ] = useState("");
  const [unitId, setUnitId] = useState<string | null>(null);
  const [role, setRole] = useState<MemberFilters["role"]>("");
  const [memberType, setMemberType] = useState<MemberFilters["memberType"]>("");
  const [active, setActive] = useState<NonNullable<MemberFilters["active"]>>("true");
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<DialogState>(null);
  const search = useDebounced(q.trim());
  const filters: MemberFilters = { q: search, unitId: unitId ?? undefined, role, memberType, active, page };
  const members = useMemberList(filters);
  useErrorToast(members.error);
  const reset = <T,>(setter: (v: T) => void) => (v: T) => {
    setter(v);
    setPage(1);
  };
  const total = members.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEMBER_PAGE_SIZE));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Members</h1>
          <p className="mt-1 text-sm text-slate-600">Everyone who works with the business, their roles and units.</p>
        </div>
        {canManage && <Button onClick={() => setDialog({ kind: "create" })}>New member</Button>}
      </div>

      <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-xs sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_1fr_1fr]">
        <Input type="search" aria-label="Search members" placeholder={canManage ? "Search by name or email" : "Search by name"} value={q} onChange={(e) => reset(setQ)(e.target.value)} />
        <DepartmentPicker loadOnUse id="members-unit-filter" value={unitId} onChange={reset(setUnitId)} placeholder="All departments" />
        <Select aria-label="Role" value={role} onChange={(e) => reset(setRole)(e.target.value as MemberFilters["role"])}>
          <option value="">All roles</option>
          {ROLE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        <Select aria-label="Member type" value={memberType} onChange={(e) => reset(setMemberType)(e.target.value as MemberFilters["memberType"])}>
          <option value="">All types</option>
          {MEMBER_TYPE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        <Select aria-label="Status" value={active} onChange={(e) => reset(setActive)(e.target.value as NonNullable<MemberFilters["active"]>)}>
          <option value="true">Active</option>
          <option value="false">Deactivated</option>
          <option value="all">Active and deactivated</option>
        </Select>
      </div>

      {members.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" />
        </div>
      ) : members.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
          The members could not be loaded. Please try refreshing the page.
        </p>
      ) : members.data.items.length === 0 ? (
        <EmptyState title="No members match" description="Change the search or the filters." />
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {total === 1 ? "1 member" : `${total} members`}
            {pages > 1 && ` · page ${page} of ${pages}`}
          </p>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs" aria-label="Members">
            {members.data.items.map((m) => (
              <li key={m.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4" data-testid="member-row">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <RowLink href={`/members/${m.id}`} className="font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                      {m.firstName} {m.lastName}
                    </RowLink>
                    <Badge variant={isAdminRole(m.role) ? "accent" : "neutral"}>{memberRoleLabel(m.role)}</Badge>
                    {m.memberType !== "employee" && <Badge variant="warning">{m.memberType}</Badge>}
                    {!m.isActive && <Badge variant="danger">Deactivated</Badge>}
                  </div>
                  {canManage && (
                    <p className="mt-0.5 truncate text-sm text-slate-600">
                      {m.email}
                      {m.phone ? ` · ${m.phone}` : ""}
                    </p>
                  )}
                  <p className="mt-0.5 text-xs text-slate-500 sm:truncate">{m.units.length ? m.units.map((u) => u.name).join(", ") : "No unit"}</p>
                </div>
                {canManage && (
                  <div className="flex shrink-0 gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: "edit", member: m })} aria-label={`Edit ${m.firstName} ${m.lastName}`}>
                      Edit
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: "active", member: m })} aria-label={`${m.isActive ? "Deactivate" : "Reactivate"} ${m.firstName} ${m.lastName}`}>
                      {m.isActive ? "Deactivate" : "Reactivate"}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={pages} onPageChange={setPage} />
        </>
      )}

      {dialog?.kind === "create" && <LazyMemberFormDialog open onClose={() => setDialog(null)} />}
      {dialog?.kind === "edit" && <LazyMemberFormDialog open onClose={() => setDialog(null)} member={dialog.member} />}
      {dialog?.kind === "active" && <LazyMemberActiveDialog open onClose={() => setDialog(null)} member={dialog.member} />}
    </div>
  );
}
