/**
 * Beta issue vocabulary (spec §4) shared by the dialog, the screens and the server. Client-safe.
 */
export const BETA_ISSUE_TYPES = ["bug", "feature", "usability", "general"] as const;
export type BetaIssueTypeValue = (typeof BETA_ISSUE_TYPES)[number];

export const BETA_ISSUE_TYPE_LABELS: Record<BetaIssueTypeValue, string> = {
  bug: "Bug",
  feature: "Feature",
  usability: "Usability",
  general: "General",
};

/** informational is shown "Low" (the default), warning "Medium", blocker "High". */
export const BETA_ISSUE_SEVERITIES = ["informational", "warning", "blocker"] as const;
export type BetaIssueSeverityValue = (typeof BETA_ISSUE_SEVERITIES)[number];
export const DEFAULT_BETA_SEVERITY: BetaIssueSeverityValue = "informational";

export const BETA_SEVERITY_LABELS: Record<BetaIssueSeverityValue, string> = {
  informational: "Low",
  warning: "Medium",
  blocker: "High",
};

export const BETA_ISSUE_STATUSES = ["new", "triaged", "in_progress", "resolved", "closed", "wont_fix"] as const;
export type BetaIssueStatusValue = (typeof BETA_ISSUE_STATUSES)[number];

export const BETA_STATUS_LABELS: Record<BetaIssueStatusValue, string> = {
  new: "New",
  triaged: "Triaged",
  in_progress: "In progress",
  resolved: "Resolved",
  closed: "Closed",
  wont_fix: "Won't fix",
};

/** Spec §7: the client sends the title with this prefix; the server adds it when missing. */
export const BETA_TITLE_PREFIX = "[BETA] ";

/** Spec §5. */
export const BETA_REQUIRED_MESSAGE = "Please fill in the category, title, and description.";

/** Spec §5 and §9: each attachment at most 10MB (10 MiB: 10,485,760 bytes). */
export const BETA_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const BETA_MAX_FILE_LABEL = "10MB";
export const BETA_MAX_FILES = 10;

/** Spec §8 toasts. */
export const BETA_TOASTS = {
  submitted: "Beta Feedback Submitted",
  failed: "Failed to submit feedback. Please try again.",
  tooLargeTitle: "File too large",
  tooLarge: (name: string) => `File ${name} exceeds ${BETA_MAX_FILE_LABEL} limit.`,
  invalidTypeTitle: "Invalid file type",
  invalidType: (name: string) => `File ${name} is not supported. Please use images, videos, PDFs, or text files.`,
} as const;

/** What the file picker offers; the server decides by content, this only guides the choice. */
export const BETA_ACCEPT_ATTRIBUTE = "image/*,video/*,application/pdf,text/plain,.txt,.log,.csv,.md";

const TEXT_EXTENSIONS = /\.(txt|log|csv|md|json)$/i;

/**
 * The dialog's early check on the browser's claim (type, else the extension), so a wrong file is
 * refused before any upload. The server still checks the content.
 */
export function looksAcceptedByBrowser(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase();
  if (type === "image/svg+xml" || type.includes("html") || /\.(svg|html?|xhtml)$/i.test(file.name)) return false;
  if (type.startsWith("image/") || type.startsWith("video/") || type === "application/pdf" || type === "text/plain") return true;
  if (!type || type === "application/octet-stream") return TEXT_EXTENSIONS.test(file.name) || /\.(pdf|png|jpe?g|gif|webp|mp4|webm|mov)$/i.test(file.name);
  return type.startsWith("text/") && TEXT_EXTENSIONS.test(file.name);
}

/** The types isAcceptedBetaContentType takes, as media types: an attachment is served as its own. */
export const BETA_FILE_TYPES = ["image/*", "video/*", "application/pdf", "text/plain"] as const;

/** The server's acceptance rule on the detected content type. */
export function isAcceptedBetaContentType(contentType: string): boolean {
  if (contentType === "image/svg+xml") return false;
  return contentType.startsWith("image/") || contentType.startsWith("video/") || contentType === "application/pdf" || contentType === "text/plain";
}

export function withBetaPrefix(title: string): string {
  const bare = stripBetaPrefix(title);
  return `${BETA_TITLE_PREFIX}${bare}`;
}

/** The title as typed, without the "[BETA] " prefix (however often it was added). */
export function stripBetaPrefix(title: string): string {
  let bare = title.trim();
  while (/^\[beta\]\s*/i.test(bare)) bare = bare.replace(/^\[beta\]\s*/i, "");
  return bare;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
