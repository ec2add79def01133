/**
 * Rules and words shared by the device's offline queue (lib/offline/queue.ts) and the server's
 * replay of its writes (lib/services/offline/with-replay.ts). Pure: safe on both sides.
 */

/** The kinds of write the queue holds: punches, checkpoint scans of memorial cases, checklist ticks, open-shift claims and the driver's pickups, in one queue. */
export const OFFLINE_KINDS = ["punch-in", "punch-out", "case-scan", "checklist-tick", "shift-claim", "run-pickup"] as const;
export type OfflineKind = (typeof OFFLINE_KINDS)[number];

/** What a person calls each kind of write, in the queue's messages. */
export const OFFLINE_NOUNS: Record<OfflineKind, string> = { "punch-in": "punch", "punch-out": "punch", "case-scan": "scan", "checklist-tick": "checklist tick", "shift-claim": "shift claim", "run-pickup": "pickup" };

/** An offline write older than this when it reaches the server is refused: payroll cannot wait for it. */
export const OFFLINE_MAX_AGE_HOURS = 72;
export const OFFLINE_MAX_AGE_MS = OFFLINE_MAX_AGE_HOURS * 60 * 60 * 1000;

export const OFFLINE_MESSAGES = {
  /** The status line under the punch button while a write waits on the phone. */
  savedOnPhone: "Saved on this phone — will send when online",
  /** The big punch card while the punch tapped without a signal has not reached the server. */
  notSentYet: "Saved on this phone, not sent yet",
  notSentYetDetail: "It is sent when the signal returns, with this time.",
  /** A queued write the server has now recorded (the scan screen's answer card). */
  sent: "Sent ✓",
  sending: "Sending punches saved on this phone…",
  recorded: "Punch recorded from this phone's offline queue; it is flagged for review on the time card.",
  correctionRequested:
    "This offline punch conflicts with a punch made meanwhile on another device, so it was sent to an administrator as a time correction request.",
  /** The device-time refusals of a punch (a scan's: lib/offline/device-time.ts). */
  deviceTimeInFuture: "This offline punch is dated later than the server's time. Check the phone's date and time, then punch again.",
  deviceTimeTooOld: `This offline punch is more than ${OFFLINE_MAX_AGE_HOURS} hours old and can no longer be recorded. Ask an administrator to add it to your time card.`,
  uuidReused: "This offline punch's id was already used for another write.",
} as const;

/** A uuid sent again by another person or for another kind of write: a client bug, never a replay (409). */
export const OFFLINE_UUID_REUSED: Record<OfflineKind, string> = {
  "punch-in": OFFLINE_MESSAGES.uuidReused,
  "punch-out": OFFLINE_MESSAGES.uuidReused,
  "case-scan": "This scan's id was already used for another write.",
  "checklist-tick": "This checklist tick's id was already used for another write.",
  "shift-claim": "This shift claim's id was already used for another write.",
  "run-pickup": "This pickup's id was already used for another write.",
};
