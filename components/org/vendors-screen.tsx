"use client";

import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useCreateVendor, useUpdateVendor, useVendors, type Vendor, type VendorFilters } from "@/lib/queries/org";
import { VENDOR_PAGE_SIZE, createVendorSchema } from "@/lib/validations/org";
import { serverText, showError, showSuccess } from "./feedback";

type DialogState = { kind: "create" } | { kind: "edit"; vendor: Vendor } | null;

export function VendorsScreen() {
  const [q, setQ] = useState("");
  const [active, setActive] = useState<NonNullable<VendorFilters["active"]>>("all");
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<DialogState>(null);
  const vendors = useVendors({ q: q.trim(), active, page });
  const update = useUpdateVendor();
  const total = vendors.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / VENDOR_PAGE_SIZE));

  const toggleActive = async (v: Vendor) => {
    try {
      await update.mutateAsync({ id: v.id, isActive: !v.isActive });
      showSuccess(v.isActive ? "Vendor deactivated" : "Vendor reactivated", v.isActive ? `${v.name} no longer appears in the assignee picker.` : `${v.name} can be assigned tasks again.`);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Vendors</h1>
          <p className="mt-1 text-sm text-slate-600">Outside partners tasks can be assigned to.</p>
        </div>
        <Button onClick={() => setDialog({ kind: "create" })}>New vendor</Button>
      </div>

      <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-xs sm:grid-cols-[2fr_1fr]">
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
        <EmptyState title="No vendors" description={q ? "No vendor matches the search." : "Add the first outside partner."} />
      ) : (
        <>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs" aria-label="Vendors">
            {vendors.data.items.map((v) => (
              <li key={v.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:gap-4" data-testid="vendor-row">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">{v.name}</span>
                    {!v.isActive && <Badge variant="danger">Inactive</Badge>}
                  </div>
                  {v.services && <p className="mt-0.5 text-sm text-slate-700">{v.services}</p>}
                  <p className="mt-0.5 text-sm break-words text-slate-500">{[v.contactName, v.email, v.phone].filter(Boolean).join(" · ") || "No contact details"}</p>
                  {v.notes && <p className="mt-1 text-xs whitespace-pre-line text-slate-500">{v.notes}</p>}
                </div>
                <div className="flex shrink-0 gap-2">
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

      {dialog && <VendorFormDialog onClose={() => setDialog(null)} vendor={dialog.kind === "edit" ? dialog.vendor : null} />}
    </div>
  );
}

function VendorFormDialog({ onClose, vendor }: { onClose: () => void; vendor: Vendor | null }) {
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const [form, setForm] = useState({
    name: vendor?.name ?? "",
    contactName: vendor?.contactName ?? "",
    email: vendor?.email ?? "",
    phone: vendor?.phone ?? "",
    services: vendor?.services ?? "",
    notes: vendor?.notes ?? "",
    isActive: vendor?.isActive ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createVendorSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      if (vendor) await update.mutateAsync({ id: vendor.id, ...parsed.data });
      else await create.mutateAsync(parsed.data);
      showSuccess(vendor ? "Vendor updated" : "Vendor created", parsed.data.name);
      onClose();
    } catch (error) {
      const field = (error as { field?: unknown }).field;
      if (typeof field === "string") setErrors({ [field]: serverText(error) });
      showError(error, vendor ? "Could not update the vendor" : "Could not create the vendor");
    }
  };

  const text = (name: "name" | "contactName" | "email" | "phone" | "services", label: string, props: Record<string, unknown> = {}, required = false) => (
    <div>
      <Label htmlFor={`vendor-${name}`} required={required}>
        {label}
      </Label>
      <Input id={`vendor-${name}`} className="mt-1" value={form[name]} onChange={(e) => set({ [name]: e.target.value })} aria-invalid={Boolean(errors[name]) || undefined} required={required} {...props} />
      {errors[name] && <p className="mt-1 text-sm text-red-600">{errors[name]}</p>}
    </div>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={vendor ? `Edit ${vendor.name}` : "New vendor"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="vendor-form" isLoading={create.isPending || update.isPending}>
            {vendor ? "Save changes" : "Create vendor"}
          </Button>
        </>
      }
    >
      <form id="vendor-form" onSubmit={submit} className="space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("name", "Name", { autoFocus: true }, true)}
          {text("contactName", "Contact person")}
          {text("email", "Email", { type: "email" })}
          {text("phone", "Phone", { type: "tel" })}
        </div>
        {text("services", "Services", { placeholder: "e.g. Urns, engraving" })}
        <div>
          <Label htmlFor="vendor-notes">Notes</Label>
          <Textarea id="vendor-notes" className="mt-1" rows={3} value={form.notes} onChange={(e) => set({ notes: e.target.value })} />
          {errors.notes && <p className="mt-1 text-sm text-red-600">{errors.notes}</p>}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-indigo-600" checked={form.isActive} onChange={(e) => set({ isActive: e.target.checked })} />
          Active (can be assigned tasks)
        </label>
      </form>
    </Dialog>
  );
}
