"use client";

import { useMemo } from "react";
import { Spinner } from "@/components/ui/spinner";
import { useMembers } from "@/lib/queries/members";
import { useVendorsSimplified } from "@/lib/queries/vendors";
import { GroupedCombobox, type ComboGroup } from "./grouped-combobox";

/** Spec §7: an assignee value starting with "vendor-" denotes a vendor. */
export const VENDOR_PREFIX = "vendor-";
export const toVendorValue = (vendorId: string) => `${VENDOR_PREFIX}${vendorId}`;
export const isVendorValue = (value: string | null | undefined): value is string => Boolean(value?.startsWith(VENDOR_PREFIX));

/** Members and active vendors in one type-ahead list; a member's value is the user id, a vendor's `vendor-<id>`. */
export function AssigneePicker({
  value,
  onChange,
  id,
  placeholder = "Unassigned",
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  id?: string;
  /** What an empty value reads as: "All assignees" where the picker filters a list. */
  placeholder?: string;
}) {
  const members = useMembers();
  const vendors = useVendorsSimplified();

  const groups = useMemo<ComboGroup[]>(
    () => [
      {
        group: "Members",
        options: (members.data ?? []).map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}`.trim(), hint: m.memberType === "employee" ? undefined : m.memberType })),
      },
      { group: "Vendors", options: (vendors.data ?? []).map((v) => ({ value: toVendorValue(v.id), label: v.name, hint: "vendor" })) },
    ],
    [members.data, vendors.data],
  );

  if (members.isPending || vendors.isPending) {
    return (
      <div className="flex h-10 items-center gap-2 rounded-lg border border-slate-200 px-3 text-sm text-slate-500">
        <Spinner size="sm" label="" /> Loading assignees…
      </div>
    );
  }
  return (
    <div>
      <GroupedCombobox
        id={id}
        value={value}
        onChange={onChange}
        groups={groups}
        placeholder={placeholder}
        clearable
        clearLabel="Clear assignee"
        noMatchText="No member or vendor matches"
      />
      {(members.isError || vendors.isError) && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {members.isError ? "Members" : "Vendors"} could not be loaded. Please try refreshing the page.
        </p>
      )}
    </div>
  );
}
