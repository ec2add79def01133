"use client";

import { useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { useErrorToast } from "@/components/ui/use-toast";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { useUpdateVendor, useVendors, useVendorsSimplified, type Vendor, type VendorFilters } from "@/lib/queries/vendors";
import { VENDOR_PAGE_SIZE } from "@/lib/vendors/options";
import type { VendorKind } from "@/lib/validations/vendors";
import { showError, showSuccess } from "@/components/org/feedback";

/** The form (react-hook-form and zod) loads when an admin opens it. */
const LazyVendorFormDialog = lazyDialog(() => import("./vendor-form-dialog").then((m) => m.VendorFormDialog));
const LazyClinicUsersDialog = lazyDialog(() => import("./clinic-users-dialog").then((m) => m.ClinicUsersDialog));

type DialogState = { kind: "create" } | { kind: "edit"; vendor: Vendor } | { kind: "portal-users"; vendor: Vendor } | null;
type KindFilter = VendorKind | "all";

/**
 * `/vendors` for every signed-in user (spec §2). Admins manage vendors with their contact
 * details; everyone else sees the names of the active vendors, which is what the API gives them
 * (`GET /api/simplified-vendors`; `GET /api/vendors` is admin-only).
 */
export function VendorsScreen({ canManage }: { canManage: boolean }) {
  return canManage ? <ManageVendors /> : <VendorDirectory />;
}

function VendorsHeading({ action }: { action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Vendors</h1>
        <p className="mt-1 text-sm text-slate-600">Outside partners tasks can be assigned to.</p>
      </div>
      {action}
    </div>
  );
}

/** The read-only list: active vendors by name, searched and paged in the browser (the list is short). */
function VendorDirectory() {
  const vendors = useVendorsSimplified();
  useErrorToast(vendors.error);
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matching = (vendors.data ?? []).filter((v) => words.every((w) => v.name.toLowerCase().includes(w)));
  const pages = Math.max(1, Math.ceil(matching.length / VENDOR_PAGE_SIZE));
  const shown = matching.slice((page - 1) * VENDOR_PAGE_SIZE, page * VENDOR_PAGE_SIZE);

  return (
    <div className="space-y-6">
      <VendorsHeading />
      <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-xs">
        <Input
          type="search"
          aria-label="Search vendors"
          placeholder="Search by name"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {vendors.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" />
        </div>
      ) : vendors.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
          The vendors could not be loaded. Please try refreshing the page.
        </p>
      ) : shown.length === 0 ? (
        <EmptyState title="No vendors" description={q ? "No vendor matches the search." : "No active vendors yet."} />
      ) : (
        <>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs" aria-label="Vendors">
            {shown.map((v) => (
              <li key={v.id} className="flex items-center gap-2 px-4 py-3 text-sm font-medium text-slate-900" data-testid="vendor-row">
                {v.name}
                {v.kind === "clinic" && <Badge variant="accent">Clinic</Badge>}
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={pages} onPageChange={setPage} />
        </>
      )}
      <p className="text-xs text-slate-500">Contact details are kept by the administrators.</p>
    </div>
  );
}

function ManageVendors() {
  const [q, setQ] = useState("");
  const [active, setActive] = useState<NonNullable<VendorFilters["active"]>>("all");
  const [kind, setKind] = useState<KindFilter>("all");
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<DialogState>(null);
  const vendors = useVendors({ q: q.trim(), active, page, ...(kind === "all" ? {} : { kind }) });
  useErrorToast(vendors.error);
  const update = useUpdateVendor();
  const total = vendors.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / VENDOR_PAGE_SIZE));

  const toggleActive = async (v: Vendor) => {
    try {
      await update.mutateAsync({ id: v.id, isActive: !v.isActive });
      showSuccess(v.isActive ? "Vendor deactivated" : "Vendor reactivated", v.isActive ? `${v.name} no longer appears in the assignee picker.` : `${v.name} can be assigned tasks again.`);
    } catch (error) {
      showError(error, v.isActive ? "Could not deactivate the vendor" : "Could not reactivate the vendor");
    }
  };

  return (
    <div className="space-y-6">
      <VendorsHeading action={<Button onClick={() => setDialog({ kind: "create" })}>New vendor</Button>} />

      <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-xs sm:grid-cols-[2fr_1fr_1fr]">
        <Input
          type="search"
          aria-label="Search vendors"
          placeholder="Search by name, contact or service"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <Select
          aria-label="Status"
          value={active}
          onChange={(e) => {
            setActive(e.target.value as NonNullable<VendorFilters["active"]>);
            setPage(1);
          }}
        >
          <option value="all">Active and inactive</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </Select>
        <Select
          aria-label="Kind"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as KindFilter);
            setPage(1);
          }}
        >
          <option value="all">Clinics and vendors</option>
          <option value="clinic">Clinics</option>
          <option value="vendor">Vendors</option>
        </Select>
      </div>

      {vendors.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" />
        </div>
      ) : vendors.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
          The vendors could not be loaded. Please try refreshing the page.
        </p>
      ) : vendors.data.items.length === 0 ? (
        <EmptyState title="No vendors" description={q || kind !== "all" ? "No vendor matches the search." : "Add the first outside partner."} />
      ) : (
        <>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs" aria-label="Vendors">
            {vendors.data.items.map((v) => (
              <li key={v.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:gap-4" data-testid="vendor-row">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-words text-slate-900">{v.name}</span>
                    {v.kind === "clinic" && <Badge variant="accent">Clinic</Badge>}
                    {!v.isActive && <Badge variant="danger">Inactive</Badge>}
                  </div>
                  {v.kind === "clinic" && (v.address || v.postcode) && <p className="mt-0.5 text-sm break-words text-slate-700">{[v.address, v.postcode].filter(Boolean).join(", ")}</p>}
                  {v.services && <p className="mt-0.5 text-sm text-slate-700">{v.services}</p>}
                  <p className="mt-0.5 text-sm break-words text-slate-500">{[v.contactName, v.email, v.phone].filter(Boolean).join(" · ") || "No contact details"}</p>
                  {v.kind === "clinic" && v.billingEmail && <p className="mt-0.5 text-sm break-words text-slate-500">Statements to {v.billingEmail}</p>}
                  {v.notes && <p className="mt-1 text-xs whitespace-pre-line text-slate-500">{v.notes}</p>}
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  {v.kind === "clinic" && (
                    <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: "portal-users", vendor: v })} aria-label={`Portal users of ${v.name}`}>
                      Portal users
                    </Button>
                  )}
                  <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: "edit", vendor: v })} aria-label={`Edit ${v.name}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => toggleActive(v)} aria-label={`${v.isActive ? "Deactivate" : "Reactivate"} ${v.name}`}>
                    {v.isActive ? "Deactivate" : "Reactivate"}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={pages} onPageChange={setPage} />
        </>
      )}

      {dialog?.kind === "portal-users" ? (
        <LazyClinicUsersDialog open onClose={() => setDialog(null)} clinic={dialog.vendor} />
      ) : dialog ? (
        <LazyVendorFormDialog open onClose={() => setDialog(null)} vendor={dialog.kind === "edit" ? dialog.vendor : null} />
      ) : null}
    </div>
  );
}
