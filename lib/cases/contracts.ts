/**
 * The memorial cases domain's API operations (lib/http/operation.ts), read by the handlers in
 * app/api/cases and app/api/family, the OpenAPI document and the tests (docs/cases.md).
 * `[number]` in a path takes a case number, a tag serial of an open case, or a label token.
 */
import { defineOperation } from "@/lib/http/operation";
import { CASE_IMAGE_TYPES, casePhotoBodyLimit, casePhotoPolicy } from "./images";
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
  authorizationSchema,
  authorizationPdfQuerySchema,
  signAuthorizationSchema,
  signCounterAuthorizationSchema,
  signAuthorizationResultSchema,
  addBelongingSchema,
  belongingListSchema,
  remainsRangesSchema,
  saveRemainsRangesSchema,
} from "@/lib/validations/cases";
import { cremationLogExportQuerySchema, cremationLogQuerySchema, cremationLogSchema, retentionSchema, retentionViewSchema } from "@/lib/validations/cremation-log";

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
    "Checked on the server: the step order of the service type, a communal case has no return, a private case needs an empty chamber (the database enforces one pet per chamber), the returned step's receiver and tag serial, the picked_up step's `releasedBy` and `signature` (only before intake). A refusal is a 409 `{ message, code: \"CONFLICT\", reason, overridable }`; an administrator may resend with `override: { reason }`. Processing: `remainsWeightLbs` (required for a private cremation) is checked against the species' expected range; outside it the refusal is REMAINS_WEIGHT_OUT_OF_RANGE, which a manager or an administrator confirms with `override: { reason }`. 201 with the event; 200 with the first event when the same `clientUuid` was sent before.",
  access: { permission: "cases.scan" },
  body: scanCaseSchema,
  response: scanResultSchema,
  status: 201,
  errors: { 409: "The scan is refused (reason: OUT_OF_ORDER, ALREADY_AT_STATION, PICKUP_AFTER_INTAKE, STATION_NOT_IN_SERVICE, CHAMBER_OCCUPIED, CHAMBER_HOLDS_PRIVATE, TAG_MISMATCH, BELONGINGS_UNACCOUNTED, REMAINS_WEIGHT_OUT_OF_RANGE, CASE_CLOSED ...)" },
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
  description: "Generated once, after the chamber-out scan (a private cremation: after the weighing at processing, since it states the ashes' weight), and stored: the same bytes every time.",
  access: { permission: "cases.read" },
  produces: "application/pdf",
  errors: { 409: "The cremation is not recorded yet (no chamber-out scan), or a private cremation's ashes are not weighed yet" },
});

export const getCasePhoto = defineOperation({
  method: "GET",
  path: "/api/cases/[number]/photo",
  summary: "Download the pet's photo",
  access: { permission: "cases.read" },
  produces: CASE_IMAGE_TYPES,
});

export const uploadCasePhoto = defineOperation({
  method: "PUT",
  path: "/api/cases/[number]/photo",
  summary: "Set the pet's photo",
  description:
    "multipart/form-data: `photo`, one JPEG, PNG or WebP image (checked by content, 700 KB at most: scale it down on the device). Replaces the photo on file. Whoever can edit the case.",
  access: { permission: "cases.write", ...casePhotoBodyLimit },
  multipart: { files: { photo: { description: "The pet's photo (any field name will do), 700 KB at most", required: true } }, policy: casePhotoPolicy },
  response: caseDetailSchema,
  errors: {
    409: "The case is closed",
    413: "The photo is larger than 700 KB",
    415: "The file is not a JPEG, PNG or WebP image",
  },
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

export const getCremationLog = defineOperation({
  method: "GET",
  path: "/api/cases/cremation-log",
  summary: "The cremation log: chamber cycles by day",
  description:
    "Every case that entered a chamber in the range (`from`, `to`: business days, both included, at most 366 days; `chamberId` for one chamber), by day and chamber, numbered in cycles (cases whose times in a chamber overlap share one): the case, service type, chamber in and out, the operator who scanned it in, the body and remains weights. Paginated (`limit` ≤ 200, `offset`).",
  access: { permission: "cases.read" },
  query: cremationLogQuerySchema,
  response: cremationLogSchema,
});

export const exportCremationLog = defineOperation({
  method: "GET",
  path: "/api/cases/cremation-log/export",
  summary: "The cremation log of a range as PDF or CSV",
  description: "`format=pdf` (inline, the inspector's document: the business, the range, page numbers, when and by whom it was generated) or `format=csv` (a download); the same rows as the screen, the whole range (at most 366 days).",
  access: { permission: "cases.read" },
  query: cremationLogExportQuerySchema,
  produces: ["application/pdf", "text/csv"],
});

export const updateCaseRetention = defineOperation({
  method: "PUT",
  path: "/api/cases/retention",
  summary: "Change the retention period of case records",
  description: "`{ years }` (1 to 100): a closed case, its custody events, authorizations and chamber occupancies cannot be deleted until this many years after it closed; the database enforces it on every delete. Audited as `cases.retention`.",
  // An administrator's setting; an administrator's key with cases:write may change it too.
  access: { permission: "organization.settings", apiKeyScope: "cases:write" },
  body: retentionSchema,
  response: retentionViewSchema,
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

export const getCaseAuthorization = defineOperation({
  method: "GET",
  path: "/api/cases/[number]/authorization",
  summary: "The case's cremation authorization: the form and its signed versions",
  access: { permission: "cases.read" },
  response: authorizationSchema,
});

export const signCaseAuthorization = defineOperation({
  method: "POST",
  path: "/api/cases/[number]/authorization",
  summary: "Sign the cremation authorization at the counter",
  description:
    "The family signs on the staff member's screen (typed name, relationship, declarations, drawn PNG signature). Stores the signed PDF and a custody event. 201; 200 with `created: false` when a current signed authorization exists (signing twice changes nothing). With `onBehalfOfClinic: true` (a case with a referring clinic only; 400 otherwise) it records the clinic's authorization on the owner's behalf: `authorizingName` is the clinic staff member's, `clinicReference` the clinic's own reference (e.g. its consent form number).",
  access: { permission: "cases.write" },
  body: signCounterAuthorizationSchema,
  response: signAuthorizationResultSchema,
  status: 201,
  errors: { 409: "The case is closed" },
});

export const getCaseAuthorizationPdf = defineOperation({
  method: "GET",
  path: "/api/cases/[number]/authorization/pdf",
  summary: "Download a signed cremation authorization (PDF)",
  description: "The stored PDF of `?version=n`, or of the current authorization; the same bytes every time.",
  access: { permission: "cases.read" },
  query: authorizationPdfQuerySchema,
  produces: "application/pdf",
});

export const getFamilyAuthorization = defineOperation({
  method: "GET",
  path: "/api/family/[token]/authorization",
  summary: "The cremation authorization the family signs",
  description: "No sign-in. A wrong or revoked token is the same 404. Rate-limited with the family page.",
  access: { public: true },
  response: authorizationSchema,
  errors: { 429: "Too many requests from this address" },
});

export const signFamilyAuthorization = defineOperation({
  method: "POST",
  path: "/api/family/[token]/authorization",
  summary: "Sign the cremation authorization from the family link",
  description:
    "No sign-in: the family token is the credential (a wrong or revoked token is the same 404). Records the time and the client address. 201; 200 with `created: false` when a current signed authorization exists. Rate-limited with the family page.",
  access: { public: true },
  body: signAuthorizationSchema,
  response: signAuthorizationResultSchema,
  status: 201,
  errors: { 409: "The case is closed", 429: "Too many requests from this address" },
});

export const getFamilyAuthorizationPdf = defineOperation({
  method: "GET",
  path: "/api/family/[token]/authorization/pdf",
  summary: "The family's signed cremation authorization (PDF)",
  access: { public: true },
  produces: "application/pdf",
  errors: { 429: "Too many requests from this address" },
});

export const listCaseBelongings = defineOperation({
  method: "GET",
  path: "/api/cases/[number]/belongings",
  summary: "List a case's personal belongings",
  description: "The items that came in with the pet, what happens to each, and who checked them off at packaged and returned.",
  access: { permission: "cases.read" },
  response: belongingListSchema,
});

export const addCaseBelonging = defineOperation({
  method: "POST",
  path: "/api/cases/[number]/belongings",
  summary: "Record a personal belonging",
  description:
    "multipart/form-data: `description`, `disposition` (return, cremate or dispose) and an optional `photo` (one JPEG, PNG or WebP image, checked by content, 700 KB at most). While the case is open.",
  access: { permission: "cases.write", ...casePhotoBodyLimit },
  body: addBelongingSchema,
  multipart: { files: { photo: { description: "A photo of the item, 700 KB at most" } }, policy: casePhotoPolicy },
  response: belongingListSchema,
  status: 201,
  errors: { 409: "The case is closed", 413: "The photo is larger than 700 KB", 415: "The file is not a JPEG, PNG or WebP image" },
});

export const removeCaseBelonging = defineOperation({
  method: "DELETE",
  path: "/api/cases/[number]/belongings/[id]",
  summary: "Remove a personal belonging recorded by mistake",
  description: "While the case is open and the item is not checked off yet.",
  access: { permission: "cases.write" },
  response: belongingListSchema,
  errors: { 409: "The case is closed, or the item is already checked off" },
});

export const getCaseBelongingPhoto = defineOperation({
  method: "GET",
  path: "/api/cases/[number]/belongings/[id]/photo",
  summary: "Download a belonging's photo",
  access: { permission: "cases.read" },
  produces: CASE_IMAGE_TYPES,
});

export const getRemainsRanges = defineOperation({
  method: "GET",
  path: "/api/cases/remains-ranges",
  summary: "The expected ranges of the remains' weight per species",
  description: "As a percentage of the intake body weight; `*` is any other species. The shipped defaults until an administrator saves the list.",
  access: { permission: "cases.read" },
  response: remainsRangesSchema,
});

export const saveRemainsRanges = defineOperation({
  method: "PUT",
  path: "/api/cases/remains-ranges",
  summary: "Save the expected ranges of the remains' weight",
  description: "Replaces the whole list (each species once, `*` for any other species required); audited.",
  access: { permission: "cases.settings" },
  body: saveRemainsRangesSchema,
  response: remainsRangesSchema,
});

export const getCaseReturnReceipt = defineOperation({
  method: "GET",
  path: "/api/cases/[number]/return-receipt",
  summary: "Download the return receipt (PDF)",
  description: "After the returned scan: what was returned, to whom and when, the belongings with their check-off, and the remains' weight. The same bytes every time.",
  access: { permission: "cases.read" },
  produces: "application/pdf",
  errors: { 409: "The pet is not returned yet" },
});

export const getFamilyReturnReceipt = defineOperation({
  method: "GET",
  path: "/api/family/[token]/return-receipt",
  summary: "The family's return receipt (PDF)",
  description: "No sign-in. A wrong or revoked token is the same 404. Rate-limited with the family page.",
  access: { public: true },
  produces: "application/pdf",
  errors: { 409: "The pet is not returned yet", 429: "Too many requests from this address" },
});
