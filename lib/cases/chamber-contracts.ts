/**
 * Operators and chambers on record (docs/cases.md "Operators and chambers"): members'
 * certifications, the who-may-load setting, a chamber's maintenance log and out of service.
 * Read by the handlers under app/api/cases, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { chamberSchema } from "@/lib/validations/cases";
import {
  addCertificationSchema,
  addMaintenanceSchema,
  certificationListSchema,
  certificationSchema,
  chamberServiceInputSchema,
  chamberSettingsInputSchema,
  chamberSettingsSchema,
  listCertificationsQuerySchema,
  listMaintenanceQuerySchema,
  maintenanceEntrySchema,
  maintenanceListSchema,
} from "@/lib/validations/chambers";
import { okSchema } from "@/lib/validations/common";

export const listCertifications = defineOperation({
  method: "GET",
  path: "/api/cases/certifications",
  summary: "List members' certifications",
  description: "One member's (`memberId`) or everyone's, soonest expiry first, with each one's standing today (current, expiring within 30 days, expired, not yet valid). `status=expiring`: expired or expiring within 30 days, of active members.",
  access: { permission: "cases.read" },
  query: listCertificationsQuerySchema,
  response: certificationListSchema,
});

export const addCertification = defineOperation({
  method: "POST",
  path: "/api/cases/certifications",
  summary: "Record a member's certification",
  description: "With its issue and expiry dates; `loadsChamber` (default true) makes it count for the who-may-load rule. 200 with the first one when the same `clientUuid` was sent before.",
  access: { permission: "cases.certifications.manage" },
  body: addCertificationSchema,
  response: certificationSchema,
  status: 201,
});

export const removeCertification = defineOperation({
  method: "DELETE",
  path: "/api/cases/certifications/[id]",
  summary: "Remove a certification recorded by mistake or withdrawn",
  access: { permission: "cases.certifications.manage" },
  response: okSchema,
});

export const updateChamberSettings = defineOperation({
  method: "PUT",
  path: "/api/cases/chamber-settings",
  summary: "Decide whether chamber in requires a current certification",
  description: "When on, a chamber-in scan by a member without a current certification that lets them load a chamber is refused (409 `OPERATOR_NOT_CERTIFIED`), by the service and by the database. Read it from `GET /api/cases/chambers` (`requireCertification`).",
  access: { permission: "cases.chambers.manage" },
  body: chamberSettingsInputSchema,
  response: chamberSettingsSchema,
});

export const listChamberMaintenance = defineOperation({
  method: "GET",
  path: "/api/cases/chambers/[id]/maintenance",
  summary: "A chamber's maintenance log",
  description: "Inspections, repairs, and each time it went out of service or came back; newest first, paged.",
  access: { permission: "cases.read" },
  query: listMaintenanceQuerySchema,
  response: maintenanceListSchema,
});

export const addChamberMaintenance = defineOperation({
  method: "POST",
  path: "/api/cases/chambers/[id]/maintenance",
  summary: "Record an inspection or a repair",
  description: "The date (not in the future), who did it (the recording member when blank) and notes. 200 with the first entry when the same `clientUuid` was sent before.",
  access: { permission: "cases.chambers.maintain" },
  body: addMaintenanceSchema,
  response: maintenanceEntrySchema,
  status: 201,
  errors: { 409: "The clientUuid was used for another chamber" },
});

export const setChamberService = defineOperation({
  method: "POST",
  path: "/api/cases/chambers/[id]/service",
  summary: "Take a chamber out of service, or put it back",
  description: "`{ inService: false, reason }` takes it out (it then refuses chamber-in scans, 409 `CHAMBER_OUT_OF_SERVICE`); `{ inService: true }` puts it back. Each change is an entry of the maintenance log. A chamber that holds a pet cannot be taken out.",
  access: { permission: "cases.chambers.maintain" },
  body: chamberServiceInputSchema,
  response: chamberSchema,
  errors: { 409: "The chamber holds a pet" },
});
