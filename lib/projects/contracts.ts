/**
 * The projects domain's API operations (lib/http/operation.ts), read by the handlers in
 * app/api/projects, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { okSchema } from "@/lib/validations/common";
import { createProjectSchema, listProjectsQuerySchema, projectDetailSchema, projectListSchema, updateProjectSchema } from "@/lib/validations/projects";
import { historySchema } from "@/lib/validations/tasks";

export const listProjects = defineOperation({
  method: "GET",
  path: "/api/projects",
  summary: "List projects",
  description: "Without `view`: the pickers' `[{ id, name }]` (live projects). `view=summary`: a page of project cards with progress over visible tasks.",
  access: { permission: "projects.read" },
  query: listProjectsQuerySchema,
  response: projectListSchema,
});

export const createProject = defineOperation({
  method: "POST",
  path: "/api/projects",
  summary: "Create a project",
  access: { permission: "projects.write" },
  body: createProjectSchema,
  response: projectDetailSchema,
  status: 201,
});

export const getProject = defineOperation({
  method: "GET",
  path: "/api/projects/[id]",
  summary: "Get a project",
  access: { permission: "projects.read" },
  response: projectDetailSchema,
});

export const updateProject = defineOperation({
  method: "PATCH",
  path: "/api/projects/[id]",
  summary: "Update a project",
  access: { permission: "projects.write" },
  body: updateProjectSchema,
  response: projectDetailSchema,
  errors: { 409: "Completing or cancelling a project with open tasks without saying what to do with them (`openTaskCount`)" },
});

export const deleteProject = defineOperation({
  method: "DELETE",
  path: "/api/projects/[id]",
  summary: "Delete a project",
  description: "Soft delete; admins restore it.",
  access: { permission: "projects.delete" },
  response: okSchema,
});

export const restoreProject = defineOperation({
  method: "POST",
  path: "/api/projects/[id]/restore",
  summary: "Restore a deleted project",
  access: { permission: "projects.delete" },
  response: okSchema,
});

export const listProjectActivity = defineOperation({
  method: "GET",
  path: "/api/projects/[id]/activity",
  summary: "A project's activity",
  access: { permission: "projects.read" },
  response: historySchema,
});
