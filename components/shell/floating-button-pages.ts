/**
 * Pages without the round button: admin screens and Billing (their grids end in row buttons it
 * would cover: a statement's downloads), the phone pages whose big buttons and task rows reach the bottom of the screen
 * (/punch-authenticated, /scan; /mobile-punch has no app frame at all), and the pages that are
 * a form (/tasks/new, /cases/new, /cases/{number}/edit).
 */
export function isFloatingButtonPage(pathname: string | null): boolean {
  if (!pathname) return true;
  if (pathname.startsWith("/admin") || pathname === "/billing") return false;
  if (["/punch-authenticated", "/scan", "/mobile-punch", "/tasks/new", "/cases/new"].includes(pathname)) return false;
  return !/^\/cases\/[^/]+\/edit$/.test(pathname);
}
