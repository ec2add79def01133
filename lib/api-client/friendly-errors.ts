export interface FriendlyError {
  title: string;
  description: string;
}

interface ErrorFacts {
  /** Lower-cased full message, for matching. */
  text: string;
  status: number | null;
  /** The server's own message, without the "<status>: " prefix. */
  serverMessage: string;
}

interface FriendlyRule {
  phrases: string[];
  status?: number;
  title: string;
  /** Advice shown to the user; omitted where the spec shows the server's message. */
  advice?: string;
}

const STATUS_PREFIX = /^(\d{3}):\s*/;

/**
 * The spec's error table (§8), in its order of precedence: the first rule whose
 * phrase occurs in the message (case-insensitive) or whose status matches wins.
 */
const FRIENDLY_RULES: FriendlyRule[] = [
  { phrases: ["network timeout"], title: "Connection Timeout", advice: "The request took too long. Please check your connection and try again." },
  // Chrome says "Failed to fetch"; Firefox words the same failure differently.
  { phrases: ["failed to fetch", "networkerror when attempting to fetch"], title: "Connection Lost", advice: "We couldn't reach the server. Please check your internet connection and try again." },
  { phrases: ["err_network"], title: "Network Error", advice: "A network error occurred. Please check your connection and try again." },
  { phrases: ["session expired"], title: "Session Expired", advice: "Your session has expired. Please log in again." },
  { phrases: ["unauthorized"], status: 401, title: "Access Required", advice: "Please log in to continue." },
  { phrases: ["access denied"], status: 403, title: "Permission Denied", advice: "You don't have permission to do this. Please contact your administrator." },
  { phrases: ["task not found"], status: 404, title: "Not Found", advice: "We couldn't find what you were looking for. Please refresh the page." },
  { phrases: ["task already assigned"], title: "Task Already Assigned" },
  { phrases: ["cannot punch into task"], title: "Unable to Start Work", advice: "Please punch out of your current task first." },
  { phrases: ["already punched in"], title: "Already Punched In" },
  { phrases: ["not punched in"], title: "Not Punched In" },
  { phrases: ["time conflict"], title: "Time Conflict", advice: "This overlaps another time entry. Please review your time entries." },
  { phrases: ["validation failed"], title: "Invalid Information" },
  { phrases: ["required field missing"], title: "Missing Information" },
  { phrases: ["file too large"], title: "File Too Large", advice: "Please choose a smaller file." },
  { phrases: ["server error"], status: 500, title: "System Error", advice: "The server ran into a problem. Please try again in a moment." },
  { phrases: ["database error"], title: "Data Error", advice: "We couldn't load or save your data. Please try again." },
  { phrases: ["maintenance mode"], title: "Maintenance", advice: "The system is under maintenance. Please try again later." },
];

const FALLBACK: FriendlyError = {
  title: "Something Went Wrong",
  description: "Please try again, or contact support if the problem continues.",
};

function messageOf(error: unknown): string {
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string") {
    return error.message;
  }
  return "";
}

/** An ApiError's status, else the one its "<status>: message" text starts with. */
function statusOf(error: unknown, message: string): number | null {
  if (typeof error === "object" && error !== null && "status" in error && typeof error.status === "number") {
    return error.status;
  }
  const prefix = STATUS_PREFIX.exec(message);
  return prefix ? Number(prefix[1]) : null;
}

function factsOf(error: unknown): ErrorFacts {
  const message = messageOf(error);
  return {
    text: message.toLowerCase(),
    status: statusOf(error, message),
    serverMessage: message.replace(STATUS_PREFIX, "").trim(),
  };
}

function matches(rule: FriendlyRule, facts: ErrorFacts): boolean {
  return rule.status === facts.status || rule.phrases.some((phrase) => facts.text.includes(phrase));
}

/** A title and description fit to show a user, for any thrown value. */
export function getFriendlyError(error: unknown): FriendlyError {
  const facts = factsOf(error);
  const rule = FRIENDLY_RULES.find((candidate) => matches(candidate, facts));
  if (!rule) return FALLBACK;
  return { title: rule.title, description: rule.advice ?? (facts.serverMessage || rule.title) };
}
