import { z } from "zod";
import { uuidField } from "./fields";
import { isoDateTime } from "./common";
import { offlineBothOrNeither, offlineWriteFields } from "./offline";
import { multilineText } from "./text";
import { shiftSchema } from "./schedule";

/** Swaps and covers (docs/schedules.md "Swaps and covers"): shared by the handlers and the screens. */

export const SWAP_NOTE_MAX_LENGTH = 500;
export const SWAP_KINDS = ["swap", "cover"] as const;
export const SWAP_STATUSES = ["open", "accepted", "approved", "declined", "cancelled"] as const;

const note = (field: string) =>
  multilineText({ error: `${field} must be text` }).trim().max(SWAP_NOTE_MAX_LENGTH, `${field} must be at most ${SWAP_NOTE_MAX_LENGTH} characters`).nullable().optional();

export const offerSwapSchema = z
  .object({
    shiftId: uuidField("shiftId").describe("One of my published shifts that has not started"),
    kind: z.enum(SWAP_KINDS, { error: "kind must be swap or cover" }).describe("swap: exchanged with a colleague's shift; cover: a colleague takes it"),
    note: note("note"),
  })
  .strict();
export type OfferSwapInput = z.infer<typeof offerSwapSchema>;

export const acceptSwapSchema = z
  .object({
    shiftId: uuidField("shiftId").nullable().optional().describe("A swap: my published shift given in exchange (required); a cover: absent"),
  })
  .strict();
export type AcceptSwapInput = z.infer<typeof acceptSwapSchema>;

export const decideSwapSchema = z
  .object({
    decision: z.enum(["approve", "decline"], { error: "decision must be approve or decline" }),
    note: note("note"),
  })
  .strict();
export type DecideSwapInput = z.infer<typeof decideSwapSchema>;

export const unitScheduleSettingsSchema = z
  .object({
    swapsNeedApproval: z.boolean({ error: "swapsNeedApproval must be true or false" }).describe("false: an accepted swap or cover changes hands at once"),
  })
  .strict();

const person = z.object({ id: z.string(), name: z.string() });

export const swapSchema = z.object({
  id: z.string(),
  kind: z.enum(SWAP_KINDS),
  status: z.enum(SWAP_STATUSES),
  note: z.string().nullable(),
  shift: shiftSchema,
  offeredBy: person,
  acceptedBy: person.nullable(),
  /** A swap's other shift once accepted (the acceptor's, which the offerer takes). */
  givenShift: shiftSchema.nullable(),
  acceptedAt: isoDateTime.nullable(),
  decidedByName: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  /** Whether the department's manager approves after acceptance. */
  needsApproval: z.boolean(),
});
export type Swap = z.infer<typeof swapSchema>;

export const swapListSchema = z.object({
  /** My offers (live and the last decided ones). */
  mine: z.array(swapSchema),
  /** Open offers of my departments' colleagues that I could accept, and the ones I accepted. */
  offered: z.array(swapSchema),
  /** Accepted offers waiting for my approval (schedule.manage). */
  toApprove: z.array(swapSchema),
  /** The departments I schedule, with their setting (schedule.manage; else empty). */
  departments: z.array(z.object({ id: z.string(), name: z.string(), swapsNeedApproval: z.boolean() })),
});
export type SwapList = z.infer<typeof swapListSchema>;

export const unitScheduleSettingsResultSchema = z.object({ unitId: z.string(), swapsNeedApproval: z.boolean() });

/** POST /api/schedule/shifts/{id}/claim: empty, or with clientUuid + deviceTime a claim made on a phone without a signal (lib/offline). */
export const claimShiftBodySchema = z
  .object({ ...offlineWriteFields })
  .strict()
  .superRefine(offlineBothOrNeither);
export type ClaimShiftBody = z.output<typeof claimShiftBodySchema>;
