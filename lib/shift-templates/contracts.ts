/**
 * Shift templates and copying as API operations (lib/http/operation.ts): save a week as a
 * template, apply one to a date range, copy last week. docs/schedules.md "Templates".
 */
import { defineOperation } from "@/lib/http/operation";
import { okSchema } from "@/lib/validations/common";
import { applyResultSchema, applyTemplateSchema, copyWeekSchema, saveTemplateSchema, templateListSchema, templateSchema } from "@/lib/validations/schedule-planning";

export const listTemplates = defineOperation({
  method: "GET",
  path: "/api/schedule/templates",
  summary: "Shift templates",
  description: "The templates whose every shift is in a department the caller schedules (admins: all).",
  access: { permission: "schedule.manage" },
  response: templateListSchema,
});

export const saveTemplate = defineOperation({
  method: "POST",
  path: "/api/schedule/templates",
  summary: "Save a week as a template",
  description: "The shifts (drafts too) of the week's departments the caller schedules, kept as weekdays and wall-clock times.",
  access: { permission: "schedule.manage" },
  body: saveTemplateSchema,
  response: templateSchema,
  status: 201,
  errors: { 409: "A template with this name already exists" },
});

export const deleteTemplate = defineOperation({
  method: "DELETE",
  path: "/api/schedule/templates/[id]",
  summary: "Delete a template",
  access: { permission: "schedule.manage" },
  response: okSchema,
});

export const applyTemplate = defineOperation({
  method: "POST",
  path: "/api/schedule/templates/[id]/apply",
  summary: "Apply a template to a date range (as drafts)",
  description: "One transaction. A shift over one of the member's shifts (the database's exclusion constraint judges), one already there, a member no longer in the department and, when asked, a holiday are skipped and listed.",
  access: { permission: "schedule.manage" },
  body: applyTemplateSchema,
  response: applyResultSchema,
});

export const copyLastWeek = defineOperation({
  method: "POST",
  path: "/api/schedule/copy-week",
  summary: "Copy last week (as drafts)",
  description: "The previous week's shifts of the departments the caller schedules, on the same weekdays and wall-clock times, skipped and listed as an application's.",
  access: { permission: "schedule.manage" },
  body: copyWeekSchema,
  response: applyResultSchema,
});

export { applyResultSchema, templateListSchema, templateSchema };
