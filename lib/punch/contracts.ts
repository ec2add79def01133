/**
 * The punch clock's API operations (lib/http/operation.ts): punch in, punch out with a reason,
 * the status the header polls, and the printed QR code of a punch post. Read by the handlers in
 * app/api/auth/punch and app/api/admin, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import {
  punchInSchema,
  punchOutResultSchema,
  punchOutSchema,
  punchQrPdfQuerySchema,
  punchStationRotatedSchema,
  punchStatusSchema,
  rotatePunchStationSchema,
} from "@/lib/validations/punch";

export const getPunchStatus = defineOperation({
  method: "GET",
  path: "/api/auth/punch/status",
  summary: "Punch status",
  description: "Polled every 5 s by the header.",
  access: { permission: "punch.use" },
  response: punchStatusSchema,
});

export const punchIn = defineOperation({
  method: "POST",
  path: "/api/auth/punch/in",
  summary: "Punch in",
  description: "`location` is `desktop`, `mobile` or a QR post's name (e.g. `facility`).",
  access: { permission: "punch.use" },
  body: punchInSchema,
  response: punchStatusSchema,
  status: 201,
  errors: { 409: "Already punched in, or the time period is locked" },
});

export const punchOut = defineOperation({
  method: "POST",
  path: "/api/auth/punch/out-with-reason",
  summary: "Punch out with a reason",
  description: "While clocked into a task the answer is 409 with `activeTask`; `forceClockOut: true` closes both.",
  access: { permission: "punch.use" },
  body: punchOutSchema,
  response: punchOutResultSchema,
  errors: { 409: "Not punched in, still clocked into a task (`activeTask`, `hasConflict`, `conflictingTask`), or the time period is locked" },
});

export const printPunchQr = defineOperation({
  method: "GET",
  path: "/api/admin/punch-qr-pdf",
  summary: "Print the punch QR code (PDF)",
  description: "Shown inline, never cached.",
  access: { permission: "punch.qr.print" },
  query: punchQrPdfQuerySchema,
  produces: "application/pdf",
});

export const rotatePunchStation = defineOperation({
  method: "POST",
  path: "/api/admin/punch-stations/rotate",
  summary: "Void a punch post's printed QR codes",
  description: "For a lost or copied printout: reprint the post's code afterwards.",
  access: { permission: "punch.qr.rotate" },
  body: rotatePunchStationSchema,
  response: punchStationRotatedSchema,
});
