import { randomUUID } from "node:crypto";
import { createProcess, createProject } from "@/prisma/factories";
import { ownersTask } from "../fixtures";
import { adminOnly, signedIn, type ApiRow, type SetupContext } from "../types";

/**
 * Projects (docs/projects.md), processes (docs/processes.md) and task dependencies. The staff
 * owner created the project or process in the department. Everyone signed in sees them;
 * projects are edited by the creator, owner, members, the department's managers and admins;
 * processes by the creator, the department's managers and admins (403 for other staff);
 * deleting and restoring projects is for admins. Anyone signed in creates, duplicates and
 * starts a process. A dependency is added or removed by whoever may edit the task.
 */
const editors = { otherStaff: 403 } as const;

const ownersProject = (ctx: SetupContext, overrides: { deleted?: boolean; memberIds?: string[] } = {}) =>
  createProject(ctx.db, {
    createdById: ctx.users.staff.id,
    ownerId: ctx.users.staff.id,
    organizationalUnitId: ctx.unitId,
    ...(overrides.memberIds ? { members: { create: overrides.memberIds.map((userId) => ({ userId })) } } : {}),
    ...(overrides.deleted ? { deletedAt: new Date(), deletedById: ctx.users.admin.id } : {}),
  });

const ownersProcess = (ctx: SetupContext) =>
  createProcess(ctx.db, { createdById: ctx.users.staff.id, organizationalUnitId: ctx.unitId }, [{ title: "First step" }]);

const oneStep = { title: "First step", offsetDays: 0, durationDays: 1 };

export const projectRows: ApiRow[] = [
  // ------------------------------------------------------------ projects
  {
    route: "/api/projects",
    method: "POST",
    setup: async (ctx) => ({ body: { name: "Matrix project", department: ctx.unitId } }),
    expect: signedIn(201),
  },
  {
    route: "/api/projects/[id]",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/projects/${(await ownersProject(ctx)).id}` }),
    expect: signedIn(200),
  },
  {
    route: "/api/projects/[id]",
    method: "GET",
    case: "deleted project",
    setup: async (ctx) => ({ path: `/api/projects/${(await ownersProject(ctx, { deleted: true })).id}` }),
    expect: signedIn(404, { admin: 200 }),
  },
  {
    route: "/api/projects/[id]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/projects/${(await ownersProject(ctx)).id}`, body: { name: "Renamed" } }),
    expect: signedIn(200, editors),
  },
  {
    route: "/api/projects/[id]",
    method: "PATCH",
    case: "other staff is a member",
    setup: async (ctx) => ({ path: `/api/projects/${(await ownersProject(ctx, { memberIds: [ctx.users.otherStaff.id] })).id}`, body: { name: "Renamed" } }),
    expect: signedIn(200),
  },
  {
    route: "/api/projects/[id]",
    method: "DELETE",
    setup: async (ctx) => ({ path: `/api/projects/${(await ownersProject(ctx)).id}` }),
    expect: adminOnly(200),
  },
  {
    route: "/api/projects/[id]/activity",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/projects/${(await ownersProject(ctx)).id}/activity` }),
    expect: signedIn(200),
  },
  {
    route: "/api/projects/[id]/restore",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/projects/${(await ownersProject(ctx, { deleted: true })).id}/restore` }),
    expect: adminOnly(200),
  },

  // ------------------------------------------------------------ processes
  { route: "/api/processes", method: "GET", expect: signedIn(200) },
  {
    route: "/api/processes",
    method: "POST",
    setup: async (ctx) => ({ body: { name: "Matrix process", department: ctx.unitId, steps: [oneStep] } }),
    expect: signedIn(201),
  },
  {
    route: "/api/processes/[id]",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/processes/${(await ownersProcess(ctx)).id}` }),
    expect: signedIn(200),
  },
  {
    route: "/api/processes/[id]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/processes/${(await ownersProcess(ctx)).id}`, body: { name: "Renamed" } }),
    expect: signedIn(200, editors),
  },
  {
    route: "/api/processes/schedule",
    method: "POST",
    setup: async () => ({ body: { startDate: "2026-12-01", steps: [{ offsetDays: 0, durationDays: 2 }] } }),
    expect: signedIn(200),
  },
  {
    route: "/api/processes/[id]/duplicate",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/processes/${(await ownersProcess(ctx)).id}/duplicate` }),
    expect: signedIn(201),
  },
  {
    route: "/api/processes/[id]/start",
    method: "POST",
    case: "new project",
    setup: async (ctx) => ({
      path: `/api/processes/${(await ownersProcess(ctx)).id}/start`,
      body: { uuid: randomUUID(), name: "Matrix run", startDate: "2026-12-01" },
    }),
    expect: signedIn(201),
  },
  {
    route: "/api/processes/[id]/start",
    method: "POST",
    case: "into the owner's existing project",
    setup: async (ctx) => {
      const [process, project] = await Promise.all([ownersProcess(ctx), ownersProject(ctx)]);
      return {
        path: `/api/processes/${process.id}/start`,
        body: { uuid: randomUUID(), name: "Matrix run", startDate: "2026-12-01", target: "existing_project", projectId: project.id },
      };
    },
    expect: signedIn(201, editors),
  },

  // ------------------------------------------------------------ task dependencies
  {
    route: "/api/tasks/[id]/dependencies",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx)).id}/dependencies` }),
    expect: signedIn(200),
  },
  {
    route: "/api/tasks/[id]/dependencies",
    method: "GET",
    case: "private task",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx, { isPrivate: true })).id}/dependencies` }),
    expect: signedIn(200, { otherStaff: 404, manager: 404 }),
  },
  {
    route: "/api/tasks/[id]/dependencies",
    method: "POST",
    setup: async (ctx) => {
      const task = await ownersTask(ctx);
      const prerequisite = await ownersTask(ctx);
      return { path: `/api/tasks/${task.id}/dependencies`, body: { dependsOnTaskId: prerequisite.id } };
    },
    expect: signedIn(200, editors),
  },
  {
    route: "/api/tasks/[id]/dependencies/[dependsOnId]",
    method: "DELETE",
    setup: async (ctx) => {
      const task = await ownersTask(ctx);
      const prerequisite = await ownersTask(ctx);
      await ctx.db.taskDependency.create({ data: { taskId: task.id, dependsOnTaskId: prerequisite.id } });
      return { path: `/api/tasks/${task.id}/dependencies/${prerequisite.id}` };
    },
    expect: signedIn(200, editors),
  },
];
