/**
 * The punch clock's API operations (lib/http/operation.ts): one descriptor each, read by the
 * handlers, the OpenAPI document and the tests.
 */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { punchQrPdfQuerySchema, rotatePunchStationSchema } from "@/lib/validations/punch";

export const printPunchQr = defineOperation({
  method: "GET",
  path: "/api/admin/punch-qr-pdf",
  summary: "Print the punch QR code (PDF)",
  description: "Opened in a new tab from the admin menu: shown inline, never cached.",
  access: { permission: "punch.qr.print" },
  query: punchQrPdfQuerySchema,
  produces: "application/pdf",
});

export const rotatePunchStation = defineOperation({
  method: "POST",
  path: "/api/admin/punch-stations/rotate",
  summary: "Void a punch post's printed QR codes",
  description: "Every printed QR code of the post stops working (a lost or copied printout): reprint it afterwards.",
  access: { permission: "punch.qr.rotate" },
  body: rotatePunchStationSchema,
  response: z.object({ location: z.string(), keyVersion: z.number().int() }),
});
