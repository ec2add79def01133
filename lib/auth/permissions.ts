/**
 * Who may do what, as data: one table of named permissions, each granted to a set of roles.
 * `route(handler, { permission })` checks it, page guards (lib/auth/page-guards.ts) and the
 * proxy read it, and the client reads it to show or hide controls. Resource-level rules
 * (creator, assignee, team, department) stay in the services, as named predicates that start
 * from these permissions (e.g. lib/services/visibility/tasks.ts). Nothing outside this file
 * compares a role with "admin" (tests/integration/permissions-table.test.ts checks it).
 *
 * Pure data and functions: safe to import from client components, services and proxy.ts.
 */
import type { Role as PrismaRole } from "@/lib/generated/prisma/enums";
import { CLINIC_ROLE, PRINCIPAL_ROLES, ROLES, type MemberRole, type PrincipalRole } from "./roles";

export { CLINIC_ROLE, isAdminRole, isClinicRole, isMemberRole, PRINCIPAL_ROLES, ROLES, type MemberRole, type PrincipalRole, type Role } from "./roles";

/** Every member (admin, manager, staff): never a clinic user. */
const EVERYONE: readonly MemberRole[] = ROLES;
const ADMIN: readonly MemberRole[] = ["admin"];
/** A clinic's user (docs/clinics.md), and only it. */
const CLINIC: readonly PrincipalRole[] = [CLINIC_ROLE];

export const PERMISSIONS = {
  /** Own account: profile, password, sessions (a clinic user's too: docs/clinics.md). */
  "account.self": PRINCIPAL_ROLES,
  /** Who the caller is (GET /api/user): also open to every valid API key, whatever its scopes. */
  "account.identity": PRINCIPAL_ROLES,
  /** The admin menu and every page under /admin. */
  "admin.area": ADMIN,

  "tasks.read": EVERYONE,
  /** Create tasks; editing one is further limited per task (canEditTask). */
  "tasks.write": EVERYONE,
  /** See every private task, not only one's own (spec §6). */
  "tasks.read.private": ADMIN,
  /** Change the privacy of a task one did not create. */
  "tasks.privacy.any": ADMIN,
  /** Edit, complete and delete any task regardless of assignee, team or department. */
  "tasks.write.any": ADMIN,
  /** Edit, complete and delete the tasks of a department one belongs to. */
  "tasks.write.department": ["admin", "manager"],
  "tasks.deleted.read": ADMIN,
  "tasks.restore": ADMIN,
  "dashboard.read": EVERYONE,
  /** `/` opens on the team's task list by default (everyone else starts on My day; each member may choose). */
  "dashboard.team": ["admin", "manager"],
  /** Projects: the list, a project's page and activity, the pickers' options. */
  "projects.read": EVERYONE,
  /** Create projects; editing one is further limited per project (canEditProject). */
  "projects.write": EVERYONE,
  /** Edit any project regardless of creator, owner or members. */
  "projects.write.any": ADMIN,
  /** Edit the projects of a department one belongs to. */
  "projects.write.department": ["admin", "manager"],
  /** Archive and unarchive a project. */
  "projects.archive": ADMIN,
  /** Soft-delete a project, see deleted ones and restore them. */
  "projects.delete": ADMIN,

  /** Processes: the templates, their steps and runs, the schedule preview. */
  "processes.read": EVERYONE,
  /** Create and duplicate processes; editing one is further limited per process (canEditProcess). */
  "processes.write": EVERYONE,
  /** Edit and archive any process. */
  "processes.write.any": ADMIN,
  /** Edit and archive the processes of a department one belongs to. */
  "processes.write.department": ["admin", "manager"],
  /** Start an active process (its tasks are created as the starter's). */
  "processes.start": EVERYONE,
  /** Punch in and out, clock into and out of tasks. */
  "punch.use": EVERYONE,

  "units.read": EVERYONE,
  "units.write": ADMIN,
  /** The business's contact details that families see (phone, e-mail, address, hours). */
  "organization.settings": ADMIN,

  "members.read": EVERYONE,
  /** Email, phone, hours and punches of other members (everyone sees their own). */
  "members.read.contact": ADMIN,
  "members.write": ADMIN,
  "invitations.manage": ADMIN,

  "vendors.read.options": EVERYONE,
  "vendors.manage": ADMIN,

  /** Time logs: one's own time, correction requests for it. */
  "time.read": EVERYONE,
  /** The time of the members of the units one belongs to (lib/services/time/scope.ts). */
  "time.read.team": ["admin", "manager"],
  /** Everyone's time. */
  "time.read.all": ADMIN,
  /** The time card: edits, corrections, the time policy, payroll exports. */
  "time.manage": ADMIN,
  /** Approve members' pay periods and withdraw an approval (the first step of closing a period; docs/time.md). */
  "time.approve": ADMIN,
  /** Lock and unlock pay periods (the second step: no time change after it). */
  "time.lock": ADMIN,
  /** Waive a member's missed-break premium of a day, with a reason (docs/time.md "Missed breaks"). */
  "time.waive": ADMIN,
  "punch.qr.print": ADMIN,
  /** Run a background job on demand (the test hook, only where ENABLE_TEST_HOOKS allows it). */
  "jobs.run": ADMIN,
  /** Void a punch post's printed QR codes (raise its signing key version). */
  "punch.qr.rotate": ADMIN,
  /** The punch posts screen (/admin/punch-posts): list, add, rename, remove posts. */
  "punch.posts.manage": ADMIN,
  /** Report beta issues; read and comment on one's own (lib/services/beta-issues/visibility.ts). */
  "beta-issues.report": EVERYONE,
  /** Every beta issue and its files; triage (status, severity), convert to a task, delete. */
  "beta-issues.manage": ADMIN,
  /** One's own alerts: the bell, acknowledge, snooze, mark read. */
  "alerts.read.own": EVERYONE,
  /** Alert rules, their preview, expected starts, the organization's open alerts. */
  "alerts.manage": ADMIN,
  /** The accountability view and its export. */
  "accountability.read": ADMIN,
  /** Create, rotate, revoke and edit API keys (/admin/api); the reference at /admin/api/docs. */
  "api-keys.manage": ADMIN,
  /** The scoreboard's rankings, highlights and one's breakdown. */
  "scoreboard.read": EVERYONE,
  /** Other members' names and breakdowns even when the settings show staff only their own rank. */
  "scoreboard.read.names": ["admin", "manager"],
  /** The scoreboard's weights, name visibility and exclusions. */
  "scoreboard.settings": ADMIN,
  /** The statistics page's charts (organization aggregates, no task titles). */
  "statistics.read": EVERYONE,
  /** The AI assistant: chat, its quick actions and confirmed actions (each still checked by its own service). */
  "assistant.use": EVERYONE,
  /** The assistant's "Who's on the clock": who is punched in right now. */
  "assistant.team-clock": ["admin", "manager"],

  /** Memorial cases (docs/cases.md): the list, a case, its custody log, labels, certificate, the board and turnaround. */
  "cases.read": EVERYONE,
  /** Record checkpoint scans at a station. */
  "cases.scan": EVERYONE,
  /** Create, edit and close cases; issue a new family link. */
  "cases.write": ["admin", "manager"],
  /** Override a refused scan (with a reason, recorded as its own event). */
  "cases.override": ADMIN,
  /** Confirm, with a reason, a remains' weight outside its expected range at the processing scan (a supervisor). */
  "cases.remains.confirm": ["admin", "manager"],
  /** The expected ranges of the remains' weight per species (docs/cases.md "The remains' weight"). */
  "cases.settings": ADMIN,
  /** Revoke a family's status link. */
  "cases.family.revoke": ADMIN,
  /** Add cremation chambers. */
  "cases.chambers.manage": ADMIN,
  /** Record a chamber's inspections and repairs; take it out of service and back (docs/cases.md "Operators and chambers"). */
  "cases.chambers.maintain": ["admin", "manager"],
  /** Record and remove members' certifications (who may load a chamber). */
  "cases.certifications.manage": ADMIN,
  /** Outgoing webhooks: subscriptions, their secrets, the delivery log and "Resend" (docs/api.md). */
  "webhooks.manage": ADMIN,
  /** Single sign-on: the company's OpenID Connect provider, its client secret and whether SSO is required (docs/auth.md). */
  "sso.manage": ADMIN,
  /** Own calendar feeds (secret iCalendar URLs): create, list, revoke (docs/calendar.md). */
  "calendar.feeds": EVERYONE,
  /** Schedules (docs/schedules.md): one's own shifts, the team's published schedule of one's departments, claiming open shifts. */
  "schedule.read": EVERYONE,
  /** Plan, edit, move, delete and publish the shifts of the departments one belongs to (/schedule). */
  "schedule.manage": ["admin", "manager"],
  /** Plan and publish the shifts of every department. */
  "schedule.manage.all": ADMIN,
  /** Grant or adjust members' time-off balances (docs/schedules.md "Time off"). */
  "schedule.timeoff.ledger": ADMIN,
  /** Pay rates and every labour-cost figure (time card, statistics, projects, runs, cases, the schedule). Nobody else reads a rate or a cost. */
  "pay.read": ADMIN,
  /** Set, correct and remove members' pay rates (each change audited). */
  "pay.manage": ADMIN,
  /** Pickup runs (docs/runs.md): one's own runs as their driver (/runs/today). */
  "runs.drive": EVERYONE,
  /** See the open pickup requests and build runs: stops, driver, vehicle, date (a dispatcher). */
  "runs.dispatch": ["admin", "manager"],
  /** The facility's place that runs start from (latitude/longitude or postcode). */
  "runs.settings": ADMIN,

  /** Clinic billing (docs/billing.md): price lists, a case's charges and receipt, statements and their files. Managers read them (the charges card on the case page). */
  "billing.read": ["admin", "manager"],
  /** The bookkeeper's work: price list versions, products and stock, sales tax, charges and adjustments, payments, issuing statements. */
  "billing.manage": ADMIN,
  /** Clinics (docs/clinics.md): the pickup requests from clinics and homes, a clinic's users and invitations (read). */
  "clinics.read": EVERYONE,
  /** Record a pickup request taken by phone (a clinic's or a family home's), cancel one. */
  "clinics.requests.write": EVERYONE,
  /** Invite clinic users, revoke their invitations, deactivate them. */
  "clinics.manage": ADMIN,
  /**
   * The clinic portal (/clinic): the caller's own clinic's cases, pickup requests, labels,
   * certificates and statements. Only a clinic user holds it; its operations are the only ones a
   * clinic user may call (route() and the page guards refuse it everywhere else).
   */
  "clinic.portal": CLINIC,
} as const satisfies Record<string, readonly PrincipalRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether a role (or a caller with a role) holds a permission. No role: never. */
export function can(who: PrincipalRole | { role: PrincipalRole } | null | undefined, permission: Permission): boolean {
  const role = typeof who === "string" ? who : who?.role;
  if (!role) return false;
  return (PERMISSIONS[permission] as readonly PrincipalRole[]).includes(role);
}

// The table's roles are the database's roles: this line stops compiling if they drift apart.
const sameRoles: [PrincipalRole, PrismaRole] extends [PrismaRole, PrincipalRole] ? true : never = true;
void sameRoles;
