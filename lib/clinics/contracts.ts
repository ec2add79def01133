/**
 * Clinics' API operations (docs/clinics.md): pickup requests (members), a clinic's users and
 * invitations (admins), and the clinic portal (a clinic user only: permission "clinic.portal",
 * closed to API keys), its monthly statements included (docs/billing.md). Read by the handlers in app/api, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { invitationCreatedSchema } from "@/lib/validations/auth";
import { clinicStatementFileQuerySchema, statementListSchema } from "@/lib/validations/billing";
import {
  clinicCaseListSchema,
  clinicCasesQuerySchema,
  clinicPickupRequestSchema,
  clinicSelfSchema,
  clinicUsersSchema,
  createClinicInvitationSchema,
  createPickupRequestSchema,
  listPickupRequestsQuerySchema,
  pickupLabelQuerySchema,
  pickupRequestListSchema,
  pickupRequestSchema,
} from "@/lib/validations/clinics";

const IDEMPOTENT = "Idempotent on the client's `uuid`: a retry by the same person answers with the first request (201 again); another person's uuid is a 409.";

// ---------------------------------------------------------------- members

export const listPickupRequests = defineOperation({
  method: "GET",
  path: "/api/pickup-requests",
  summary: "List pickup requests",
  description: "From clinics and families' homes, urgent first, then oldest first.",
  access: { permission: "clinics.read" },
  query: listPickupRequestsQuerySchema,
  response: pickupRequestListSchema,
});

export const createPickupRequest = defineOperation({
  method: "POST",
  path: "/api/pickup-requests",
  summary: "Record a pickup request (a clinic's or a family home's)",
  description: `A clinic's request without an address takes the clinic's (and its hand geocoding). ${IDEMPOTENT}`,
  access: { permission: "clinics.requests.write" },
  body: createPickupRequestSchema,
  response: pickupRequestSchema,
  status: 201,
  errors: { 409: "Another person's request already has this uuid" },
});

// ---------------------------------------------------------------- admins

export const listClinicUsers = defineOperation({
  method: "GET",
  path: "/api/vendors/[id]/clinic-users",
  summary: "A clinic's users and invitations",
  description: "404 when the vendor is not a clinic.",
  access: { permission: "clinics.manage" },
  response: clinicUsersSchema,
});

export const createClinicInvitation = defineOperation({
  method: "POST",
  path: "/api/vendors/[id]/clinic-invitations",
  summary: "Invite a person by e-mail to a clinic's portal",
  description: "The code is in this answer only. Registering with it (POST /api/register, the invited address) makes a clinic user of this clinic, not a member.",
  access: { permission: "clinics.manage" },
  body: createClinicInvitationSchema,
  response: invitationCreatedSchema,
  status: 201,
  errors: { 409: "An account with this email already exists" },
});

// ---------------------------------------------------------------- the clinic portal

export const getClinicSelf = defineOperation({
  method: "GET",
  path: "/api/clinic",
  summary: "The clinic portal: the caller's clinic",
  access: { permission: "clinic.portal" },
  response: clinicSelfSchema,
});

export const listClinicCases = defineOperation({
  method: "GET",
  path: "/api/clinic/cases",
  summary: "The clinic portal: the clinic's cases, in the family page's words",
  access: { permission: "clinic.portal" },
  query: clinicCasesQuerySchema,
  response: clinicCaseListSchema,
});

export const getClinicCaseCertificate = defineOperation({
  method: "GET",
  path: "/api/clinic/cases/[number]/certificate",
  summary: "The clinic portal: a case's certificate of cremation (PDF)",
  description: "The clinic's own cases only: another clinic's case, by any reference, is the same 404 as a wrong one.",
  access: { permission: "clinic.portal" },
  produces: "application/pdf",
  errors: { 409: "The cremation is not recorded yet" },
});

export const printClinicCaseLabel = defineOperation({
  method: "GET",
  path: "/api/clinic/cases/[number]/label",
  summary: "The clinic portal: a case's tag label (PDF)",
  description: "The label the business prints, with the signed QR. The clinic's own cases only (404 otherwise).",
  access: { permission: "clinic.portal" },
  query: pickupLabelQuerySchema,
  produces: "application/pdf",
});

export const listClinicPickupRequests = defineOperation({
  method: "GET",
  path: "/api/clinic/pickup-requests",
  summary: "The clinic portal: the clinic's pickup requests",
  access: { permission: "clinic.portal" },
  query: listPickupRequestsQuerySchema,
  response: pickupRequestListSchema,
});

export const createClinicPickupRequest = defineOperation({
  method: "POST",
  path: "/api/clinic/pickup-requests",
  summary: "The clinic portal: request a pickup",
  description: `Always the caller's own clinic; the clinic's address unless another is given. ${IDEMPOTENT}`,
  access: { permission: "clinic.portal" },
  body: clinicPickupRequestSchema,
  response: pickupRequestSchema,
  status: 201,
  errors: { 409: "Another person's request already has this uuid" },
});

export const printClinicPickupLabel = defineOperation({
  method: "GET",
  path: "/api/clinic/pickup-requests/[number]/label",
  summary: "The clinic portal: a pickup request's tag label (PDF)",
  description: "The same label stock and signed QR as a case's; once picked up, the case's own label. The clinic's own requests only (404 otherwise).",
  access: { permission: "clinic.portal" },
  query: pickupLabelQuerySchema,
  produces: "application/pdf",
});

export const listClinicStatements = defineOperation({
  method: "GET",
  path: "/api/clinic/statements",
  summary: "The clinic portal: the clinic's issued monthly statements, newest first",
  description: "The clinic's own statements only, with their totals (charges, tax, payments, balance due); the lines are in the files.",
  access: { permission: "clinic.portal" },
  response: statementListSchema,
});

export const getClinicStatementFile = defineOperation({
  method: "GET",
  path: "/api/clinic/statements/[id]/file",
  summary: "The clinic portal: download a statement (PDF or CSV)",
  description: "The same bytes as the bookkeeper's download, rendered from the stored lines. The clinic's own statements only: another clinic's is the same 404 as a missing one.",
  access: { permission: "clinic.portal" },
  query: clinicStatementFileQuerySchema,
  produces: ["application/pdf", "text/csv"],
});
