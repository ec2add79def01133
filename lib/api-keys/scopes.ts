/**
 * API key scopes (docs/api.md): resource-level, read and write separately. A key's
 * request must hold the scope its route needs, on top of the acting member's permissions.
 *
 * A route's scope is derived, not written on every route: the permission's domain (the part
 * before the first dot) names the resource, and the method picks read (GET, HEAD, OPTIONS) or
 * write (anything else). `route(handler, { permission, apiKeyScope })` overrides it: a scope,
 * or `null` for a route no key may open. Permissions whose domain is not in RESOURCE_OF_DOMAIN
 * (account, admin, invitations, jobs, beta issues, api keys ...) are closed to keys: sign-in,
 * password change and sessions are cookie-only, whatever scopes a key holds.
 *
 * Pure data and functions: safe to import from client components.
 */
export const API_SCOPES = [
  "tasks:read",
  "tasks:write",
  "projects:read",
  "projects:write",
  "punch:read",
  "punch:write",
  "time:read",
  "time:write",
  "organization:read",
  "reports:read",
  "cases:read",
  "cases:write",
  "schedule:read",
  "schedule:write",
  "pay:read",
  "pay:write",
  "clinics:read",
  "clinics:write",
  "billing:read",
  "billing:write",
  "runs:read",
  "runs:write",
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "tasks:read": "Tasks: read",
  "tasks:write": "Tasks: write",
  "projects:read": "Projects and processes: read",
  "projects:write": "Projects and processes: write",
  "punch:read": "Punch clock: read",
  "punch:write": "Punch clock: write",
  "time:read": "Time: read",
  "time:write": "Time: write",
  "organization:read": "Organization (units, members, vendors): read",
  "reports:read": "Reports and statistics: read",
  "cases:read": "Memorial cases: read",
  "cases:write": "Memorial cases: write (scans, cases)",
  "schedule:read": "Schedules: read",
  "schedule:write": "Schedules: write (shifts, publishing, claims)",
  "pay:read": "Pay rates and labour cost: read",
  "pay:write": "Pay rates: write",
  "clinics:read": "Clinics: read (pickup requests, clinic users)",
  "clinics:write": "Clinics: write (pickup requests, clinic invitations)",
  "billing:read": "Billing: read (prices, charges, statements)",
  "billing:write": "Billing: write (prices, charges, payments, issuing statements)",
  "runs:read": "Pickup runs: read",
  "runs:write": "Pickup runs: write (building runs)",
};

export const isApiScope = (value: string): value is ApiScope => (API_SCOPES as readonly string[]).includes(value);

/**
 * Permission domain -> scope resource. A domain written in parallel (time edits, statistics,
 * Gantt ...) gets its scope from here without touching its routes; add a line for a new domain.
 */
export const RESOURCE_OF_DOMAIN: Record<string, string> = {
  tasks: "tasks",
  projects: "projects",
  processes: "projects",
  gantt: "projects",
  punch: "punch",
  time: "time",
  timelogs: "time",
  "time-logs": "time",
  "time-card": "time",
  units: "organization",
  members: "organization",
  vendors: "organization",
  dashboard: "reports",
  reports: "reports",
  statistics: "reports",
  scoreboard: "reports",
  cases: "cases",
  schedule: "schedule",
  pay: "pay",
  clinics: "clinics",
  billing: "billing",
  runs: "runs",
};

/**
 * Single permissions whose derived scope would be wrong: null closes them to keys; "none" opens
 * them to every valid key, whatever its scopes.
 */
export const SCOPE_OF_PERMISSION: Record<string, ApiScope | null | "none"> = {
  // Printing and voiding the punch posts' QR codes is an administrator's desk work, not punching.
  "punch.qr.print": null,
  "punch.qr.rotate": null,
  // An integration may always ask whom it acts as (GET /api/user: the acting member).
  "account.identity": "none",
  "punch.posts.manage": null,
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface ScopedAccess {
  permission?: string;
  public?: boolean;
  /** An explicit scope, or null: no key may call this route. Undefined: derived. */
  apiKeyScope?: ApiScope | null;
}

/**
 * The scope a key needs for this route and method; null when no key may call it. `"none"`: no
 * scope needed (public routes, where a key is simply ignored, and `account.identity`).
 */
export function scopeForRoute(access: ScopedAccess, method: string): ApiScope | null | "none" {
  if (access.apiKeyScope !== undefined) return access.apiKeyScope;
  if (access.public) return "none";
  const permission = access.permission ?? "";
  if (permission in SCOPE_OF_PERMISSION) return SCOPE_OF_PERMISSION[permission];
  const resource = RESOURCE_OF_DOMAIN[permission.split(".")[0]];
  if (!resource) return null;
  const scope = `${resource}:${SAFE_METHODS.has(method.toUpperCase()) ? "read" : "write"}`;
  return isApiScope(scope) ? scope : null;
}
