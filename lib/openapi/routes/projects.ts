import { op, type RouteDoc } from "../describe";
import { createProcessSchema, listProcessesQuerySchema, schedulePreviewSchema, startProcessSchema, updateProcessSchema } from "@/lib/validations/processes";
import { createProjectSchema, listProjectsQuerySchema, updateProjectSchema } from "@/lib/validations/projects";
import * as processesIdDuplicate from "@/app/api/processes/[id]/duplicate/route";
import * as processesId from "@/app/api/processes/[id]/route";
import * as processesIdStart from "@/app/api/processes/[id]/start/route";
import * as processes from "@/app/api/processes/route";
import * as processesSchedule from "@/app/api/processes/schedule/route";
import * as projectsIdActivity from "@/app/api/projects/[id]/activity/route";
import * as projectsIdRestore from "@/app/api/projects/[id]/restore/route";
import * as projectsId from "@/app/api/projects/[id]/route";
import * as projects from "@/app/api/projects/route";

export const projectsDocs = (): RouteDoc[] => [
  op("POST /api/processes/[id]/duplicate", processesIdDuplicate.POST, "Duplicate a process", { status: 201 }),
  op("GET /api/processes/[id]", processesId.GET, "Get a process"),
  op("PATCH /api/processes/[id]", processesId.PATCH, "Update a process", { body: updateProcessSchema }),
  op("POST /api/processes/[id]/start", processesIdStart.POST, "Start a process run", { body: startProcessSchema }),
  op("GET /api/processes", processes.GET, "List processes", { query: listProcessesQuerySchema }),
  op("POST /api/processes", processes.POST, "Create a process", { body: createProcessSchema, status: 201 }),
  op("POST /api/processes/schedule", processesSchedule.POST, "Preview a process schedule", { body: schedulePreviewSchema }),
  op("GET /api/projects/[id]/activity", projectsIdActivity.GET, "A project's activity"),
  op("POST /api/projects/[id]/restore", projectsIdRestore.POST, "Restore a deleted project"),
  op("GET /api/projects/[id]", projectsId.GET, "Get a project"),
  op("PATCH /api/projects/[id]", projectsId.PATCH, "Update a project", { body: updateProjectSchema }),
  op("DELETE /api/projects/[id]", projectsId.DELETE, "Delete a project"),
  op("GET /api/projects", projects.GET, "List projects", { query: listProjectsQuerySchema }),
  op("POST /api/projects", projects.POST, "Create a project", { body: createProjectSchema, status: 201 }),
];
