import "server-only";
import { MEMBERS_ONLY } from "@/lib/services/members/members-only";
import type { Db } from "@/lib/db";
import { badRequest } from "@/lib/http/app-error";
import { VENDOR_PREFIX } from "@/lib/tasks/options";

export interface AssigneeInput {
  assigneeId?: string | null;
  vendorId?: string | null;
  assigneeType?: "user" | "vendor" | null;
}

export interface ResolvedAssignee {
  assigneeType: "user" | "vendor" | null;
  assigneeId: string | null;
  vendorId: string | null;
}

/**
 * One assignee: a member or a vendor. The assignee picker sends a vendor as
 * assigneeId "vendor-<id>" (spec §7); API clients may send vendorId + assigneeType "vendor".
 */
export function normalizeAssignee(input: AssigneeInput): ResolvedAssignee {
  const raw = input.assigneeId ?? null;
  if (raw?.startsWith(VENDOR_PREFIX)) return { assigneeType: "vendor", assigneeId: null, vendorId: raw.slice(VENDOR_PREFIX.length) };
  if (input.assigneeType === "vendor") {
    const vendorId = input.vendorId ?? raw;
    return vendorId ? { assigneeType: "vendor", assigneeId: null, vendorId } : { assigneeType: null, assigneeId: null, vendorId: null };
  }
  if (raw) return { assigneeType: "user", assigneeId: raw, vendorId: null };
  if (input.vendorId && input.assigneeType !== "user") return { assigneeType: "vendor", assigneeId: null, vendorId: input.vendorId };
  return { assigneeType: null, assigneeId: null, vendorId: null };
}

/** Checks that every referenced row exists (one query each, run together); 400 names the field. */
export async function assertReferencesExist(
  client: Db,
  refs: { unitId?: string | null; projectId?: string | null; assignee?: ResolvedAssignee; teamUserIds?: string[] },
): Promise<void> {
  const checks: Array<Promise<void>> = [];
  if (refs.unitId) {
    checks.push(
      client.organizationalUnit.count({ where: { id: refs.unitId } }).then((n) => {
        if (!n) throw badRequest("Department not found", { field: "department" });
      }),
    );
  }
  if (refs.projectId) {
    checks.push(
      client.project.count({ where: { id: refs.projectId, deletedAt: null } }).then((n) => {
        if (!n) throw badRequest("Project not found", { field: "projectId" });
      }),
    );
  }
  if (refs.assignee?.assigneeId) {
    const userId = refs.assignee.assigneeId;
    checks.push(
      client.user.count({ where: { id: userId, isActive: true, ...MEMBERS_ONLY } }).then((n) => {
        if (!n) throw badRequest("Assignee not found", { field: "assigneeId" });
      }),
    );
  }
  if (refs.assignee?.vendorId) {
    const vendorId = refs.assignee.vendorId;
    checks.push(
      client.vendor.count({ where: { id: vendorId } }).then((n) => {
        if (!n) throw badRequest("Vendor not found", { field: "vendorId" });
      }),
    );
  }
  if (refs.teamUserIds?.length) {
    const ids = refs.teamUserIds;
    checks.push(
      client.user.count({ where: { id: { in: ids }, isActive: true, ...MEMBERS_ONLY } }).then((n) => {
        if (n !== ids.length) throw badRequest("A team member was not found", { field: "assigneeIds" });
      }),
    );
  }
  await Promise.all(checks);
}
