/** The recurrence section's enumerations and labels (the task form, a task's page, the API's schema). */
export const RECURRING_PATTERNS = ["daily", "weekly", "monthly", "annual"] as const;
export const RECURRING_END_TYPES = ["never", "after", "on"] as const;
export const RECURRING_MONTHLY_TYPES = ["date", "weekday"] as const;

export const PATTERN_LABELS: Record<(typeof RECURRING_PATTERNS)[number], string> = {
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
  annual: "Annual",
};

export const WEEKDAY_LABELS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/**
 * Holiday calendars the recurrence section offers (date-holidays codes, docs/dates.md). The
 * API accepts any code date-holidays knows; this is the short list of the form.
 */
export const HOLIDAY_CALENDAR_LABELS: Record<string, string> = {
  US: "United States (federal)",
  "US-TX": "United States: Texas",
  "US-CA": "United States: California",
  "US-NY": "United States: New York",
  CA: "Canada",
  "CA-ON": "Canada: Ontario",
  GB: "United Kingdom",
};
