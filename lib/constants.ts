/**
 * Business constants and limits from the product spec (§9), in one place so
 * screens, hooks and tests agree on them.
 */

/** Branding: the header, the sign-in frame and the printable punch QR sheet. */
export const COMPANY_NAME = "BFS Pet Memorial Services";
export const COMPANY_TAGLINE = "Honoring every companion with care";
/** The header's title on small screens (spec §1). */
export const SHORT_TITLE = "BFS Tasks";

/** Punch-out reasons, in the order the reason dialog lists them. */
export const PUNCH_OUT_REASONS = [
  "End of Workday",
  "Lunch",
  "Break",
  "School",
  "Personal",
  "Other",
] as const;
export type PunchOutReason = (typeof PUNCH_OUT_REASONS)[number];

/** The punch location this web client reports. */
export const PUNCH_LOCATION = "desktop";

/** Punch status is polled, and considered stale, every 5 s; the timer ticks every second. */
export const PUNCH_STATUS_POLL_MS = 5_000;
export const PUNCH_STATUS_STALE_MS = 5_000;
export const TIMER_TICK_MS = 1_000;

/** Data cache: fresh for 5 minutes, kept 10 minutes once unused. */
export const QUERY_STALE_MS = 5 * 60 * 1_000;
export const QUERY_GC_MS = 10 * 60 * 1_000;

export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"];

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Task form defaults. */
export const RECURRING_INTERVAL_DEFAULT = 1;
export const TASK_PRIORITY_DEFAULT = "normal";
export const RECURRING_END_TYPE_DEFAULT = "never";
export const TASK_STATUS_DEFAULT = "open";

/** Main pages are pre-loaded this long after sign-in. */
export const PRELOAD_DELAY_MS = 2_000;
export const SCREEN_TRANSITION_MS = 300;

export const CHAT_DIALOG_HEIGHT_PX = 600;

/**
 * The member pickers ask for every active member at once; an organization this size fits.
 * Here rather than in lib/validations/members.ts so the pickers (on every page) don't pull zod
 * into the first load.
 */
export const MEMBER_PAGE_SIZE_MAX = 500;

/** The members list's page (the admin screen); here for the same reason. */
export const MEMBER_PAGE_SIZE = 50;
