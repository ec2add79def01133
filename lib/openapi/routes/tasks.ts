import { op, type RouteDoc } from "../describe";
import { timelineQuerySchema } from "@/lib/validations/gantt";
import * as tasksTimeline from "@/app/api/tasks/timeline/route";
import { taskClockSchema } from "@/lib/validations/punch";
import { listSeriesQuerySchema, previewRuleSchema } from "@/lib/validations/recurrence";
import { addDependencySchema, checklistItemPatchSchema, listTasksQuerySchema } from "@/lib/validations/tasks";
import * as dashboardStats from "@/app/api/dashboard/stats/route";
import * as recurringTasksIdEnd from "@/app/api/recurring-tasks/[id]/end/route";
import * as recurringTasksIdOccurrences from "@/app/api/recurring-tasks/[id]/occurrences/route";
import * as recurringTasksIdPause from "@/app/api/recurring-tasks/[id]/pause/route";
import * as recurringTasksIdResume from "@/app/api/recurring-tasks/[id]/resume/route";
import * as recurringTasksId from "@/app/api/recurring-tasks/[id]/route";
import * as recurringTasksPreview from "@/app/api/recurring-tasks/preview/route";
import * as recurringTasks from "@/app/api/recurring-tasks/route";
import * as tasksIdChecklistItemId from "@/app/api/tasks/[id]/checklist/[itemId]/route";
import * as tasksIdClaim from "@/app/api/tasks/[id]/claim/route";
import * as tasksIdClockIn from "@/app/api/tasks/[id]/clock-in/route";
import * as tasksIdClockOut from "@/app/api/tasks/[id]/clock-out/route";
import * as tasksIdDependenciesDependsOnId from "@/app/api/tasks/[id]/dependencies/[dependsOnId]/route";
import * as tasksIdDependencies from "@/app/api/tasks/[id]/dependencies/route";
import * as tasksIdHistory from "@/app/api/tasks/[id]/history/route";
import * as tasksIdReopen from "@/app/api/tasks/[id]/reopen/route";
import * as tasksIdRestore from "@/app/api/tasks/[id]/restore/route";

export const tasksDocs = (): RouteDoc[] => [
  op("GET /api/tasks/timeline", tasksTimeline.GET, "The Gantt timeline: visible tasks in a date range with their dependencies", { query: timelineQuerySchema }),
  op("GET /api/dashboard/stats", dashboardStats.GET, "Dashboard statistics"),
  op("POST /api/recurring-tasks/[id]/end", recurringTasksIdEnd.POST, "End a recurring series"),
  op("GET /api/recurring-tasks/[id]/occurrences", recurringTasksIdOccurrences.GET, "List a series' occurrences", { query: listTasksQuerySchema }),
  op("POST /api/recurring-tasks/[id]/pause", recurringTasksIdPause.POST, "Pause a recurring series"),
  op("POST /api/recurring-tasks/[id]/resume", recurringTasksIdResume.POST, "Resume a recurring series"),
  op("GET /api/recurring-tasks/[id]", recurringTasksId.GET, "Get a recurring series"),
  op("POST /api/recurring-tasks/preview", recurringTasksPreview.POST, "Preview a recurrence rule", { body: previewRuleSchema }),
  op("GET /api/recurring-tasks", recurringTasks.GET, "List recurring series", { query: listSeriesQuerySchema }),
  op("PATCH /api/tasks/[id]/checklist/[itemId]", tasksIdChecklistItemId.PATCH, "Tick or untick a checklist item", { body: checklistItemPatchSchema }),
  op("POST /api/tasks/[id]/claim", tasksIdClaim.POST, "Claim a task open for pickup"),
  op("POST /api/tasks/[id]/clock-in", tasksIdClockIn.POST, "Clock into a task", { body: taskClockSchema }),
  op("POST /api/tasks/[id]/clock-out", tasksIdClockOut.POST, "Clock out of a task", { body: taskClockSchema }),
  op("DELETE /api/tasks/[id]/dependencies/[dependsOnId]", tasksIdDependenciesDependsOnId.DELETE, "Remove a task dependency"),
  op("GET /api/tasks/[id]/dependencies", tasksIdDependencies.GET, "List a task's dependencies"),
  op("POST /api/tasks/[id]/dependencies", tasksIdDependencies.POST, "Add a task dependency", { body: addDependencySchema }),
  op("GET /api/tasks/[id]/history", tasksIdHistory.GET, "A task's history"),
  op("POST /api/tasks/[id]/reopen", tasksIdReopen.POST, "Reopen a task"),
  op("POST /api/tasks/[id]/restore", tasksIdRestore.POST, "Restore a deleted task"),
];
