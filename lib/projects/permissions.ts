/**
 * Who may do what with a project (documented in docs/projects.md). Pure, so the API's
 * `permissions` flags and the server's checks are the same code, unit-tested case by case.
 *
 * - See: everyone signed in sees every project that is not deleted (admins see deleted ones
 *   in the Deleted view). Tasks inside keep their own visibility: counts and progress only
 *   ever include the tasks the viewer may see.
 * - Edit (fields, members, status, quick-add tasks): the creator, the owner, the project's
 *   members, managers who are members of the project's department, and admins.
 * - Archive (projects.archive), delete (soft) and restore (projects.delete): admins.
 * Roles enter only through the permission table (lib/auth/permissions.ts).
 */
import { can } from "@/lib/auth/permissions";
import type { Viewer } from "@/lib/tasks/permissions";

export interface ProjectAccessFacts {
  createdById: string;
  ownerId: string | null;
  organizationalUnitId: string | null;
  memberIds: readonly string[];
  deletedAt: Date | string | null;
}

export function canEditProject(viewer: Viewer, project: ProjectAccessFacts): boolean {
  if (project.deletedAt) return false;
  if (can(viewer.role, "projects.write.any")) return true;
  if (project.createdById === viewer.userId || project.ownerId === viewer.userId) return true;
  if (project.memberIds.includes(viewer.userId)) return true;
  return can(viewer.role, "projects.write.department") && project.organizationalUnitId !== null && viewer.unitIds.includes(project.organizationalUnitId);
}

export interface ProjectPermissions {
  canEdit: boolean;
  canArchive: boolean;
  canDelete: boolean;
  canRestore: boolean;
}

export function projectPermissions(viewer: Viewer, project: ProjectAccessFacts): ProjectPermissions {
  return {
    canEdit: canEditProject(viewer, project),
    canArchive: can(viewer.role, "projects.archive") && !project.deletedAt,
    canDelete: can(viewer.role, "projects.delete") && !project.deletedAt,
    canRestore: can(viewer.role, "projects.delete") && Boolean(project.deletedAt),
  };
}
