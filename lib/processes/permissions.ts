/**
 * Who may do what with a process (documented in docs/processes.md). Pure and unit-tested.
 *
 * - See and start: everyone signed in (starting needs the process to be active).
 * - Create and duplicate: everyone signed in (a duplicate is the caller's own new process).
 * - Edit, archive and restore: the creator, managers who are members of the process's
 *   department, and admins.
 */
import { can } from "@/lib/auth/permissions";
import type { Viewer } from "@/lib/tasks/permissions";

export interface ProcessAccessFacts {
  createdById: string;
  organizationalUnitId: string | null;
  isActive: boolean;
}

export function canEditProcess(viewer: Viewer, process: ProcessAccessFacts): boolean {
  if (can(viewer.role, "processes.write.any") || process.createdById === viewer.userId) return true;
  return can(viewer.role, "processes.write.department") && process.organizationalUnitId !== null && viewer.unitIds.includes(process.organizationalUnitId);
}

export function canStartProcess(viewer: Viewer, process: ProcessAccessFacts): boolean {
  return can(viewer.role, "processes.start") && process.isActive;
}

export interface ProcessPermissions {
  canEdit: boolean;
  canStart: boolean;
}

export function processPermissions(viewer: Viewer, process: ProcessAccessFacts): ProcessPermissions {
  return { canEdit: canEditProcess(viewer, process), canStart: canStartProcess(viewer, process) };
}
