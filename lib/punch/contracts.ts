/**
 * The punch clock's API operations (lib/http/operation.ts): punch in, punch out with a reason,
 * the status the header polls, the punch posts and their printed QR codes. Read by the handlers in
 * app/api/auth/punch and app/api/admin, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { okSchema } from "@/lib/validations/common";
import {
  createPunchPostSchema,
  punchInResultSchema,
  punchInSchema,
  punchPostListSchema,
  punchPostSchema,
  punchOutResultSchema,
  punchOutSchema,
  punchQrPdfQuerySchema,
  punchStationRotatedSchema,
  punchPollSchema,
  rotatePunchStationSchema,
  updatePunchPostSchema,
} from "@/lib/validations/punch";

export const getPunchStatus = defineOperation({
  method: "GET",
  path: "/api/auth/punch/status",
  summary: "Punch status",
  description: "Polled every 5 s by every signed-in tab. `unreadAlerts` is the bell's unread count (the open alerts of `GET /api/alerts` not yet read): the bell loads its list only when it opens or this count changes. Each answer carries a weak `ETag`; a poll sending it back in `If-None-Match` gets `304 Not Modified` with no body while nothing changed (the server answers it from memory, docs/performance.md).",
  access: { permission: "punch.use", quietLog: true },
  response: punchPollSchema,
});

export const punchIn = defineOperation({
  method: "POST",
  path: "/api/auth/punch/in",
  summary: "Punch in",
  description:
    "`location` is `desktop`, `mobile` or a QR post's name (e.g. `facility`). With `clientUuid` and `deviceTime`, a punch made offline and replayed: 201 recorded at the device time (`offline.outcome` \"recorded\"), or 202 when it conflicts with a punch made meanwhile (`offline.outcome` \"correction-requested\": a correction request for an admin); a retry of the same `clientUuid` answers as the first time.",
  access: { permission: "punch.use" },
  body: punchInSchema,
  response: punchInResultSchema,
  status: 201,
  errors: { 409: "Already punched in, or the time period is locked" },
});

export const punchOut = defineOperation({
  method: "POST",
  path: "/api/auth/punch/out-with-reason",
  summary: "Punch out with a reason",
  description:
    "While clocked into a task the answer is 409 with `activeTask`; `forceClockOut: true` closes both. With `clientUuid` and `deviceTime`, a punch-out made offline and replayed: 200 recorded, or 202 with the status when it became a correction request (`offline`).",
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

export const listPunchPosts = defineOperation({
  method: "GET",
  path: "/api/admin/punch-posts",
  summary: "List punch posts",
  description: "Every punch post that is not removed, by name: where it is, when it was last printed, its key version.",
  access: { permission: "punch.posts.manage" },
  response: punchPostListSchema,
});

export const createPunchPost = defineOperation({
  method: "POST",
  path: "/api/admin/punch-posts",
  summary: "Add a punch post",
  description: "201 with the post. `location` is what the printed code carries and never changes; a removed post's location may be added again.",
  access: { permission: "punch.posts.manage" },
  body: createPunchPostSchema,
  response: punchPostSchema,
  status: 201,
  errors: { 409: "A punch post with this location already exists." },
});

export const updatePunchPost = defineOperation({
  method: "PATCH",
  path: "/api/admin/punch-posts/[id]",
  summary: "Rename a punch post or say where it is",
  access: { permission: "punch.posts.manage" },
  body: updatePunchPostSchema,
  response: punchPostSchema,
});

export const removePunchPost = defineOperation({
  method: "DELETE",
  path: "/api/admin/punch-posts/[id]",
  summary: "Remove a punch post",
  description: "Removes the post from the list and voids its printed codes (the key version goes up); printing it again brings it back.",
  access: { permission: "punch.posts.manage" },
  response: okSchema,
});
