/**
 * notFound() from a signed-in page (a missing task, project, process or member, or one the caller
 * may not see) renders here, inside the signed-in layout: the same "Page not found" as any unknown
 * path, with status 404, and the header stays.
 */
export { default, metadata } from "../not-found";
