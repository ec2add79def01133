/**
 * Every page against every kind of browser caller. /organization, /members and /vendors are open
 * to everyone signed in, read-only for non-admins. Signed-out visitors of a sign-in page are
 * redirected to the sign-in page (/); signed-in non-admins of an admin page go to / as well.
 * Screens that load their data from the API render their frame for anyone signed in; the API
 * rows (tests/authorization/api) hold what each caller may see inside it.
 */
import { createBetaIssue, createChatSession, createProcess, createProject } from "@/prisma/factories";
import { ownersTask } from "./fixtures";
import type { PageExpectation, PageRow } from "./types";

const open: PageExpectation = { anonymous: "render", staff: "render", otherStaff: "render", manager: "render", admin: "render", clinic: "render" };
/** A staff page: a clinic user (docs/clinics.md) is sent to / (and on to its portal) on every one. */
const signedIn: PageExpectation = { ...open, anonymous: "redirect", clinic: "redirect" };
/** A detail page of something that does not exist: the not-found page (404) for anyone signed in. */
const missing: PageExpectation = { anonymous: "redirect", staff: "notFound", otherStaff: "notFound", manager: "notFound", admin: "notFound", clinic: "redirect" };
/** Admins and managers (cases.write); anyone else signed in goes to /. */
const caseWriters: PageExpectation = { anonymous: "redirect", staff: "redirect", otherStaff: "redirect", manager: "render", admin: "render", clinic: "redirect" };
/** Clinic billing's readers (billing.read: admins and managers); anyone else signed in goes to /. */
const billingReaders: PageExpectation = { anonymous: "redirect", staff: "redirect", otherStaff: "redirect", manager: "render", admin: "render", clinic: "redirect" };
const adminOnly: PageExpectation = { anonymous: "redirect", staff: "redirect", otherStaff: "redirect", manager: "redirect", admin: "render", clinic: "redirect" };
/** The clinic portal: a clinic user only; members go to /. */
const clinicOnly: PageExpectation = { anonymous: "redirect", staff: "redirect", otherStaff: "redirect", manager: "redirect", admin: "redirect", clinic: "render" };
/** Public pages that answer 404 to everyone. */
const nowhere: PageExpectation = { anonymous: "notFound", staff: "notFound", otherStaff: "notFound", manager: "notFound", admin: "notFound", clinic: "notFound" };

export const PAGE_MATRIX: PageRow[] = [
  // A clinic user's home is its portal.
  { page: "/", expect: { ...open, clinic: "portal" } },
  { page: "/clinic", expect: clinicOnly },
  { page: "/reset-password", expect: open },
  { page: "/mobile-punch", expect: open },
  { page: "/offline", expect: signedIn },
  { page: "/punch-authenticated", expect: signedIn },
  { page: "/available-tasks", expect: signedIn },
  { page: "/tasks/new", expect: signedIn },
  {
    page: "/tasks/[id]",
    case: "a private task of the staff owner",
    setup: async (ctx) => ({ path: `/tasks/${(await ownersTask(ctx, { isPrivate: true })).id}` }),
    // Its creator and admins only: anyone else gets the not-found page (404), as for a missing task.
    expect: { ...signedIn, otherStaff: "notFound", manager: "notFound" },
  },
  { page: "/profile", expect: signedIn },
  { page: "/members/[id]", setup: async (ctx) => ({ path: `/members/${ctx.users.staff.id}` }), expect: signedIn },
  { page: "/members", expect: signedIn },
  { page: "/organization", expect: signedIn },
  { page: "/vendors", expect: signedIn },
  { page: "/projects", expect: signedIn },
  { page: "/projects/[id]", setup: async (ctx) => ({ path: `/projects/${(await createProject(ctx.db, { createdById: ctx.users.staff.id })).id}` }), expect: signedIn },
  { page: "/projects/[id]", case: "a missing project", setup: async () => ({ path: "/projects/00000000-0000-4000-8000-000000000000" }), expect: missing },
  { page: "/processes", expect: signedIn },
  { page: "/processes/[id]", setup: async (ctx) => ({ path: `/processes/${(await createProcess(ctx.db, { createdById: ctx.users.staff.id })).id}` }), expect: signedIn },
  { page: "/processes/[id]", case: "a missing process", setup: async () => ({ path: "/processes/00000000-0000-4000-8000-000000000000" }), expect: missing },
  { page: "/workflow", expect: signedIn },
  { page: "/recurring-tasks", expect: signedIn },
  { page: "/gantt", expect: signedIn },
  { page: "/scoreboard", expect: signedIn },
  { page: "/statistics", expect: signedIn },
  { page: "/time-logs", expect: signedIn },
  { page: "/beta-issues", expect: signedIn },
  {
    page: "/beta-issues/[uuid]",
    case: "an issue the staff owner reported",
    setup: async (ctx) => ({ path: `/beta-issues/${(await createBetaIssue(ctx.db, { reporterId: ctx.users.staff.id, title: "[BETA] Matrix page" })).id}` }),
    // Only the reporter and admins: anyone else gets the not-found page, as for a missing issue.
    expect: { ...signedIn, otherStaff: "notFound", manager: "notFound" },
  },
  {
    page: "/agent-discussion/[discussionId]",
    case: "a discussion of the staff owner",
    setup: async (ctx) => ({ path: `/agent-discussion/${(await createChatSession(ctx.db, { userId: ctx.users.staff.id, title: "Matrix discussion" })).id}` }),
    // One's own discussions only: anyone else (admins too) gets the not-found page, as for a missing one.
    expect: { ...signedIn, otherStaff: "notFound", manager: "notFound", admin: "notFound" },
  },
  { page: "/agent-discussion/[discussionId]", case: "a new discussion", setup: async () => ({ path: "/agent-discussion/new" }), expect: signedIn },
  { page: "/admin/deleted", expect: adminOnly },
  { page: "/admin/time-card", expect: adminOnly },
  { page: "/admin/alerts", expect: adminOnly },
  { page: "/admin/accountability", expect: adminOnly },
  { page: "/admin/api", expect: adminOnly },
  { page: "/admin/api/docs", expect: adminOnly },
  { page: "/admin/punch-posts", expect: adminOnly },
  { page: "/admin/webhooks", expect: adminOnly },
  { page: "/admin/sso", expect: adminOnly },
  { page: "/cases", expect: signedIn },
  { page: "/cases/new", expect: caseWriters },
  { page: "/cases/chambers", expect: signedIn },
  { page: "/cases/cremation-log", expect: signedIn },
  { page: "/cases/[number]", setup: async () => ({ path: "/cases/C-2026-99999" }), expect: signedIn },
  { page: "/cases/[number]/edit", setup: async () => ({ path: "/cases/C-2026-99999/edit" }), expect: caseWriters },
  { page: "/scan", expect: signedIn },
  { page: "/schedule", expect: caseWriters },
  { page: "/schedule/me", expect: signedIn },
  // Pickup runs: dispatchers (managers and admins) build them; every member may drive one.
  { page: "/runs", expect: caseWriters },
  { page: "/runs/today", expect: signedIn },
  // Statements and prices (docs/billing.md "Screens"): the bookkeeper issues, managers read.
  { page: "/billing", expect: billingReaders },
  {
    page: "/c/[token]",
    case: "a token that was never issued",
    // The family's page: no sign-in, and a wrong or revoked token is the same not-found for everyone.
    setup: async () => ({ path: "/c/not-a-real-token" }),
    expect: nowhere,
  },
  {
    page: "/verify/[code]",
    case: "a code that names no certificate",
    // What a certificate's QR opens: no sign-in; a code of no certificate is the same not-found for everyone.
    setup: async () => ({ path: "/verify/C-2026-00001-1-0000000000000000" }),
    expect: nowhere,
  },
  {
    page: "/lighthouse-floor",
    // The benchmark's floor page (bench/lighthouse.ts) exists only while its server runs with LIGHTHOUSE_FLOOR=1.
    expect: nowhere,
  },
];
