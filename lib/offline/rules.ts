/**
 * Rules and words shared by the device's offline queue (lib/offline/queue.ts) and the server's
 * replay of its writes (lib/services/punch/offline-punch.ts). Pure: safe on both sides.
 */

/** The kinds of write the queue holds: punches and checkpoint scans of memorial cases, in one queue. */
export const OFFLINE_KINDS = ["punch-in", "punch-out", "case-scan"] as const;
export type OfflineKind = (typeof OFFLINE_KINDS)[number];

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
