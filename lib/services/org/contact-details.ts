import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { OrganizationContact, OrganizationContactInput } from "@/lib/validations/org";

const FIELDS = ["phone", "email", "address", "hours"] as const;

/** The business's contact details (row id 1), all empty until an admin saves them. */
export async function getOrganizationContact(): Promise<OrganizationContact> {
  const row = await db.organizationSettings.findUnique({ where: { id: 1 }, select: { phone: true, email: true, address: true, hours: true, updatedAt: true } });
  if (!row) return { phone: null, email: null, address: null, hours: null, updatedAt: null };
  return { phone: row.phone, email: row.email, address: row.address, hours: row.hours, updatedAt: row.updatedAt.toISOString() };
}

/** PUT /api/organization/contact: saves the details (an upsert) with an audit row of what changed. */
export async function updateOrganizationContact(caller: Caller, input: OrganizationContactInput): Promise<OrganizationContact> {
  const data = Object.fromEntries(FIELDS.map((k) => [k, input[k] ?? null])) as Record<(typeof FIELDS)[number], string | null>;
  const before = await getOrganizationContact();
  await db.$transaction(async (tx) => {
    await tx.organizationSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data, updatedById: caller.userId }, update: { ...data, updatedById: caller.userId } });
    const changed = FIELDS.filter((k) => before[k] !== data[k]);
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "organization.contact",
      entityType: "organization_settings",
      entityId: "1",
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, data[k]])),
    });
  });
  return getOrganizationContact();
}
