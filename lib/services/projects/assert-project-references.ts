import "server-only";
import { MEMBERS_ONLY } from "@/lib/services/members/members-only";
import type { Db } from "@/lib/db";
import { badRequest } from "@/lib/http/app-error";

/** The department, owner and members a project body names exist (active members); 400 names the field. */
export async function assertProjectReferences(client: Db, refs: { unitId?: string | null; ownerId?: string | null; memberIds?: string[] }): Promise<void> {
  const checks: Array<Promise<void>> = [];
  if (refs.unitId) {
    checks.push(client.organizationalUnit.count({ where: { id: refs.unitId } }).then((n) => void (n || fail("Department not found", "department"))));
  }
  if (refs.ownerId) {
    checks.push(client.user.count({ where: { id: refs.ownerId, isActive: true, ...MEMBERS_ONLY } }).then((n) => void (n || fail("Owner not found", "ownerId"))));
  }
  const ids = refs.memberIds;
  if (ids?.length) {
    checks.push(client.user.count({ where: { id: { in: ids }, isActive: true, ...MEMBERS_ONLY } }).then((n) => void (n === ids.length || fail("A member was not found", "memberIds"))));
  }
  await Promise.all(checks);
}

function fail(message: string, field: string): never {
  throw badRequest(message, { field });
}
