/**
 * The memorial cases domain's API operations (lib/http/operation.ts), read by the handlers in
 * app/api/cases and app/api/family, the OpenAPI document and the tests (docs/cases.md).
 * `[number]` in a path takes a case number, a tag serial of an open case, or a label token.
 */
import { defineOperation } from "@/lib/http/operation";
import { CASE_IMAGE_TYPES } from "./images";
import { okSchema } from "@/lib/validations/common";
import {
  caseBoardSchema,
  caseDetailSchema,
  caseListSchema,
  chamberListSchema,
  chamberSchema,
  closeCaseSchema,
  createCaseSchema,
  createChamberSchema,
  custodyVerifySchema,
  eventFileQuerySchema,
  familyLinkSchema,
  familyViewSchema,
  certificateCheckSchema,
  labelQuerySchema,
  listCasesQuerySchema,
  scanCaseSchema,
  scanResultSchema,
  turnaroundQuerySchema,
  turnaroundSchema,
  updateCaseSchema,
} from "@/lib/validations/cases";

export const listCases = defineOperation({
  method: "GET",
  path: "/api/cases",
  summary: "List memorial cases",
  access: { permission: "cases.read" },
  query: listCasesQuerySchema,
  response: caseListSchema,
});

export const createCase = defineOperation({
  method: "POST",
  path: "/api/cases",
  summary: "Create a memorial case",
  description:
    "Numbers the case (C-yyyy-nnnnn, gapless), starts its service type's process template (its steps become tasks) and creates the family's status link. 200 with the first case when the same `uuid` was sent before.",
  access: { permission: "cases.write" },
  body: createCaseSchema,
  response: caseDetailSchema,
  status: 201,
  errors: { 409: "The tag serial belongs to another open case, or the uuid to another member's case" },
});

export const getCase = defineOperation({
  method: "GET",
  path: "/api/cases/[number]",
  summary: "Get a memorial case",
  description: "With its stations, custody log, tasks and family link. `[number]`: the case number, an open case's tag serial, or a label token.",
  access: { permission: "cases.read" },
  response: caseDetailSchema,
});

export const updateCase = defineOperation({
  method: "PATCH",
  path: "/api/cases/[number]",
  summary: "Edit a memorial case",
  access: { permission: "cases.write" },
  body: updateCaseSchema,
  response: caseDetailSchema,
  errors: { 409: "The case is closed, the tag serial belongs to another open case, or the service type can no longer change" },
});

export const closeCase = defineOperation({
  method: "POST",
  path: "/api/cases/[number]/close",
  summary: "Close a memorial case",
  description: "Closes a case without a return scan (e.g. the family took the pet elsewhere), with the reason.",
  access: { permission: "cases.write" },
  body: closeCaseSchema,
  response: caseDetailSchema,
  errors: { 409: "The case is already closed" },
});

export const scanCase = defineOperation({
  method: "POST",
  path: "/api/cases/[number]/scans",
  summary: "Record a checkpoint scan",
  description:
    "Checked on the server: the step order of the service type, a communal case has no return, a private case needs an empty chamber (the database enforces one pet per chamber), the returned step's receiver and tag serial. A refusal is a 409 `{ message, code: \"CONFLICT\", reason, overridable }`; an administrator may resend with `override: { reason }`. 201 with the event; 200 with the first event when the same `clientUuid` was sent before.",
  access: { permission: "cases.scan" },
  body: scanCaseSchema,
  response: scanResultSchema,
  status: 201,
  errors: { 409: "The scan is refused (reason: OUT_OF_ORDER, ALREADY_AT_STATION, STATION_NOT_IN_SERVICE, CHAMBER_OCCUPIED, CHAMBER_HOLDS_PRIVATE, TAG_MISMATCH, CASE_CLOSED ...)" },
});

export const verifyCustody = defineOperation({
  method: "GET",
  path: "/api/cases/[number]/custody/verify",
  summary: "Verify the custody log's hash chain",
  access: { permission: "cases.read" },
  response: custodyVerifySchema,
});

export const printCaseLabel = defineOperation({
  method: "GET",
  path: "/api/cases/[number]/label",
  summary: "Print the case's label (PDF)",
  description: "A 4 × 6 in label (`format=label`) or a Letter sheet of six (`format=sheet`) with the QR of the signed case token. Every print is recorded in the custody log.",
  access: { permission: "cases.read" },
  query: labelQuerySchema,
  produces: "application/pdf",
});

export const getCaseCertificate = defineOperation({
  method: "GET",
  path: "/api/cases/[number]/certificate",
  summary: "Download the certificate of cremation (PDF)",
  description: "Generated once, after the chamber-out scan, and stored: the same bytes every time.",
  access: { permission: "cases.read" },
  produces: "application/pdf",
  errors: { 409: "The cremation is not recorded yet (no chamber-out scan)" },
});

export const getCasePhoto = defineOperation({
  method: "GET",
  path: "/api/cases/[number]/photo",
  summary: "Download the pet's photo",
  access: { permission: "cases.read" },
  produces: CASE_IMAGE_TYPES,
});

export const getCaseEventFile = defineOperation({
  method: "GET",
  path: "/api/cases/[number]/events/[seq]/file",
  summary: "Download a custody event's photo or signature",
  access: { permission: "cases.read" },
  query: eventFileQuerySchema,
  produces: CASE_IMAGE_TYPES,
});

export const renewFamilyLink = defineOperation({
  method: "POST",
  path: "/api/cases/[number]/family-link",
  summary: "Issue a new family status link",
  description: "Revokes the current link (if any) and issues a new one.",
  access: { permission: "cases.write" },
  response: familyLinkSchema,
  status: 201,
});

export const revokeFamilyLink = defineOperation({
  method: "DELETE",
  path: "/api/cases/[number]/family-link",
  summary: "Revoke the family status link",
  access: { permission: "cases.family.revoke" },
  response: okSchema,
});

export const listChambers = defineOperation({
  method: "GET",
  path: "/api/cases/chambers",
  summary: "List cremation chambers and who is in them",
  access: { permission: "cases.read" },
  response: chamberListSchema,
});

export const createChamber = defineOperation({
  method: "POST",
  path: "/api/cases/chambers",
  summary: "Add a cremation chamber",
  access: { permission: "cases.chambers.manage" },
  body: createChamberSchema,
  response: chamberSchema,
  status: 201,
  errors: { 409: "A chamber with this name exists" },
});

export const getCaseBoard = defineOperation({
  method: "GET",
  path: "/api/cases/board",
  summary: "The board of open cases by step",
  access: { permission: "cases.read" },
  response: caseBoardSchema,
});

export const getCaseTurnaround = defineOperation({
  method: "GET",
  path: "/api/cases/turnaround",
  summary: "Turnaround from intake to return, by service type",
  access: { permission: "cases.read" },
  query: turnaroundQuerySchema,
  response: turnaroundSchema,
});

export const getFamilyView = defineOperation({
  method: "GET",
  path: "/api/family/[token]",
  summary: "The family's status page data",
  description: "No sign-in. A wrong or revoked token is the same 404. Rate-limited per client address.",
  access: { public: true },
  response: familyViewSchema,
  errors: { 429: "Too many requests from this address" },
});

export const getFamilyCertificate = defineOperation({
  method: "GET",
  path: "/api/family/[token]/certificate",
  summary: "The family's certificate of cremation (PDF)",
  access: { public: true },
  produces: "application/pdf",
  errors: { 429: "Too many requests from this address" },
});

export const verifyCertificate = defineOperation({
  method: "GET",
  path: "/api/certificates/[code]",
  summary: "Check a certificate of cremation against the custody log",
  description:
    "No sign-in; what the certificate's QR opens. `[code]` is the verification code printed on it (`C-2026-00042-7-3F9A81C2D4E5B6A7`). The server recomputes the case's hash chain up to its certificate event: `match: true` with what the certificate shows, or `match: false` when the log no longer ends in the event the code names. A code that names no certificate is a 404. Rate-limited per client address.",
  access: { public: true },
  response: certificateCheckSchema,
  errors: { 404: "No certificate has this code", 429: "Too many requests from this address" },
});
