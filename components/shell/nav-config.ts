/**
 * The header's navigation (spec §2), as data: the same entries feed the desktop header
 * (Dashboards dropdown, separate buttons, Settings dropdown) and the mobile slide-out.
 * Pure functions only, so the role and highlight rules are unit-tested.
 */

import { can, type Role } from "@/lib/auth/permissions";

export type { Role };

export interface NavLink {
  kind: "link";
  /** Stable id used by tests and React keys. */
  id: string;
  label: string;
  href: string;
  /** Also highlighted for sub-paths (/projects/{id}, /processes/{id}, /beta-issues/{uuid}). */
  matchSubPaths?: boolean;
}

export interface NavAction {
  kind: "action";
  id: "print-punch-qr";
  label: string;
  /** Opened in a new tab. */
  href: string;
}

export type NavEntry = NavLink | NavAction;


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
 * phone menu has a "Cases" section with Cases and Scan (the checkpoint screen used on a phone).
 */
export function casesNavItems(role: Role | null | undefined): NavLink[] {
  const items: NavLink[] = [];
  if (can(role, "cases.read")) items.push({ kind: "link", id: "cases", label: "Cases", href: "/cases", matchSubPaths: true });
  if (can(role, "cases.scan")) items.push({ kind: "link", id: "scan", label: "Scan", href: "/scan" });
  return items;
}

/** Admin-only entries of the Settings dropdown (desktop) and the "Admin" section (mobile). */
export function adminMenuItems(role: Role | null | undefined): NavEntry[] {
  if (!can(role, "admin.area")) return [];
  return [
    { kind: "link", id: "alerts-admin", label: "Alerts Admin", href: "/admin/alerts" },
    { kind: "link", id: "accountability", label: "Accountability", href: "/admin/accountability" },
    { kind: "link", id: "deleted-tasks", label: "Deleted Tasks", href: "/admin/deleted" },
    { kind: "link", id: "api-management", label: "API Management", href: "/admin/api" },
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
  const routes = [...mainNavItems(role), ...casesNavItems(role), ...adminMenuItems(role)].map((entry) => entry.href);
  return [...new Set(routes.filter((href) => !href.startsWith("/api/")))];
}

function stripTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/** Whether a link is the current page: exact match, or a sub-path where the item says so. */
export function isLinkActive(pathname: string | null | undefined, link: Pick<NavLink, "href" | "matchSubPaths">): boolean {
  if (!pathname) return false;
  const path = stripTrailingSlash(pathname.split(/[?#]/)[0] ?? "");
  if (path === link.href) return true;
  return Boolean(link.matchSubPaths) && link.href !== "/" && path.startsWith(`${link.href}/`);
}

/** Whether any of the links is the current page (highlights the dropdown's own button). */
export function isAnyActive(pathname: string | null | undefined, links: readonly NavEntry[]): boolean {
  return links.some((link) => link.kind === "link" && isLinkActive(pathname, link));
}
