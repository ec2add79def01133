/** The header's entries (./nav-config.ts builds them per role) and which one is the current page. */

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
