/**
 * The header's navigation (spec §2), as data: the same entries feed the desktop header
 * (Dashboards dropdown, separate buttons, Settings dropdown) and the mobile slide-out.
 * Pure functions only, so the role rules are unit-tested. The server computes the header's part
 * (`headerNavOf`), so the permission table stays out of every screen's first load; the menus
 * that load on first use (the slide-out, the command palette) call the rest themselves. Which
 * entry is the current page is ./nav-active.ts.
 */

import { can, type Role } from "@/lib/auth/permissions";
import type { NavAction, NavEntry, NavLink } from "./nav-active";

export type { Role };

export type { NavAction, NavEntry, NavLink };


export const PUNCH_QR_PDF_PATH = "/api/admin/punch-qr-pdf";

/** "My Beta Issues" for non-admins (their own reports), "Beta Issues" for admins (everyone's). */
export function betaIssuesLabel(role: Role | null | undefined): string {
  return can(role, "beta-issues.manage") ? "Beta Issues" : "My Beta Issues";
}

/** The header's nav items in the spec's order. */
export function mainNavItems(role: Role | null | undefined): NavLink[] {
  return [
    { kind: "link", id: "task-list", label: "Task List", href: "/" },
    { kind: "link", id: "scoreboard", label: "Scoreboard", href: "/scoreboard" },
    { kind: "link", id: "statistics", label: "Statistics", href: "/statistics" },
    { kind: "link", id: "time-logs", label: "Time Logs", href: "/time-logs" },
    { kind: "link", id: "gantt", label: "Gantt", href: "/gantt" },
    { kind: "link", id: "recurring-tasks", label: "Recurring Tasks", href: "/recurring-tasks" },
    { kind: "link", id: "available-tasks", label: "Available Tasks", href: "/available-tasks" },
    { kind: "link", id: "projects", label: "Projects", href: "/projects", matchSubPaths: true },
    { kind: "link", id: "processes", label: "Processes", href: "/processes", matchSubPaths: true },
    { kind: "link", id: "beta-issues", label: betaIssuesLabel(role), href: "/beta-issues", matchSubPaths: true },
    { kind: "link", id: "profile", label: "Profile", href: "/profile" },
  ];
}

/** Desktop "Dashboards" dropdown, in the spec's order (note "Gantt Chart" here), then Recurring Tasks. */
export function dashboardsMenuItems(): NavLink[] {
  return [
    { kind: "link", id: "task-list", label: "Task List", href: "/" },
    { kind: "link", id: "projects", label: "Projects", href: "/projects", matchSubPaths: true },
    { kind: "link", id: "processes", label: "Processes", href: "/processes", matchSubPaths: true },
    { kind: "link", id: "scoreboard", label: "Scoreboard", href: "/scoreboard" },
    { kind: "link", id: "statistics", label: "Statistics", href: "/statistics" },
    { kind: "link", id: "time-logs", label: "Time Logs", href: "/time-logs" },
    { kind: "link", id: "gantt", label: "Gantt Chart", href: "/gantt" },
    { kind: "link", id: "recurring-tasks", label: "Recurring Tasks", href: "/recurring-tasks" },
  ];
}

/**
 * Memorial cases (beyond the spec's header): "Cases" is its own header button on desktop; the
 * phone menu has a "Cases" section with Cases, Scan (the checkpoint screen used on a phone), My run
 * (the driver's pickups of the day) and, for dispatchers, Pickup runs.
 */
export function casesNavItems(role: Role | null | undefined): NavLink[] {
  const items: NavLink[] = [];
  if (can(role, "cases.read")) items.push({ kind: "link", id: "cases", label: "Cases", href: "/cases", matchSubPaths: true });
  if (can(role, "cases.scan")) items.push({ kind: "link", id: "scan", label: "Scan", href: "/scan" });
  // Pickup runs (docs/runs.md): the driver's run of the day, and the dispatcher's board.
  if (can(role, "runs.drive")) items.push({ kind: "link", id: "my-run", label: "My run", href: "/runs/today" });
  if (can(role, "runs.dispatch")) items.push({ kind: "link", id: "runs", label: "Pickup runs", href: "/runs" });
  return items;
}

/**
 * Schedules (beyond the spec's header, docs/schedules.md): "Schedule" is a header button on
 * desktop, opening the week grid for those who plan it and one's own shifts for everyone else;
 * the phone menu has a "Schedule" section with My schedule and, for planners, Plan the schedule.
 */
export function scheduleNavItems(role: Role | null | undefined): NavLink[] {
  const items: NavLink[] = [];
  if (can(role, "schedule.read")) items.push({ kind: "link", id: "my-schedule", label: "My schedule", href: "/schedule/me" });
  if (can(role, "schedule.manage")) items.push({ kind: "link", id: "schedule", label: "Plan the schedule", href: "/schedule" });
  return items;
}

/**
 * Clinic billing (docs/billing.md "Screens"): "Billing" is a header button on desktop and a
 * section of the phone menu, for those who may read statements and prices (admins, managers).
 */
export function billingNavItems(role: Role | null | undefined): NavLink[] {
  return can(role, "billing.read") ? [{ kind: "link", id: "billing", label: "Billing", href: "/billing" }] : [];
}

/** The desktop header's Schedule button: the grid for planners, one's own shifts otherwise; active on every schedule page. */
function scheduleButtonOf(role: Role): NavLink | null {
  const items = scheduleNavItems(role);
  const target = items.find((item) => item.id === "schedule") ?? items[0];
  return target ? { kind: "link", id: "schedule-button", label: "Schedule", href: target.href, matchSubPaths: true } : null;
}

/** Admin-only entries of the Settings dropdown (desktop) and the "Admin" section (mobile). */
export function adminMenuItems(role: Role | null | undefined): NavEntry[] {
  if (!can(role, "admin.area")) return [];
  return [
    { kind: "link", id: "alerts-admin", label: "Alerts Admin", href: "/admin/alerts" },
    { kind: "link", id: "accountability", label: "Accountability", href: "/admin/accountability" },
    { kind: "link", id: "deleted-tasks", label: "Deleted Tasks", href: "/admin/deleted" },
    { kind: "link", id: "api-management", label: "API Management", href: "/admin/api" },
    { kind: "link", id: "webhooks", label: "Webhooks", href: "/admin/webhooks" },
    { kind: "link", id: "single-sign-on", label: "Single sign-on", href: "/admin/sso" },
    { kind: "link", id: "organization", label: "Organization", href: "/organization" },
    { kind: "link", id: "members", label: "Members", href: "/members", matchSubPaths: true },
    { kind: "link", id: "vendors", label: "Vendors", href: "/vendors" },
    { kind: "link", id: "punch-posts", label: "Punch posts", href: "/admin/punch-posts" },
    { kind: "action", id: "print-punch-qr", label: "Print Punch QR Code", href: PUNCH_QR_PDF_PATH },
  ];
}

/** "Settings": My Profile for everyone (the Profile nav item). */
export function settingsMenuItems(): NavLink[] {
  return [{ kind: "link", id: "profile", label: "My Profile", href: "/profile" }];
}

/** Routes worth pre-loading 2 s after sign-in: every main page the header links to. */
export function prefetchRoutes(role: Role | null | undefined): string[] {
  const routes = [...mainNavItems(role), ...casesNavItems(role), ...billingNavItems(role), ...adminMenuItems(role)].map((entry) => entry.href);
  return [...new Set(routes.filter((href) => !href.startsWith("/api/")))];
}

/** What the desktop header shows, and what it pre-loads, for a role: computed by the server (AppShell). */
export interface HeaderNav {
  dashboards: NavLink[];
  admin: NavEntry[];
  settings: NavLink[];
  /** The Cases button, for roles that may read cases. */
  cases: NavLink | null;
  /** The Schedule button (scheduleNavItems). */
  schedule: NavLink | null;
  /** The Billing button, for roles that may read billing (billingNavItems). */
  billing: NavLink | null;
  betaIssuesLabel: string;
  prefetch: string[];
}

export function headerNavOf(role: Role): HeaderNav {
  return {
    dashboards: dashboardsMenuItems(),
    admin: adminMenuItems(role),
    settings: settingsMenuItems(),
    cases: casesNavItems(role).find((item) => item.id === "cases") ?? null,
    schedule: scheduleButtonOf(role),
    billing: billingNavItems(role)[0] ?? null,
    betaIssuesLabel: betaIssuesLabel(role),
    prefetch: prefetchRoutes(role),
  };
}
