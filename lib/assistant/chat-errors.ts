import { isApiError } from "@/lib/api-client/errors";

/** Spec §8's chat messages, shown as the assistant's reply when a message fails. */
export const CHAT_SESSION_EXPIRED = "Your session has expired. Please refresh the page and log in again.";
export const CHAT_HIGH_DEMAND = "I'm experiencing high demand right now. Please try again in a few moments.";
export const CHAT_CONNECTION_TROUBLE = "I'm having trouble connecting to my AI service. Please contact support if this continues.";
export const CHAT_GENERIC_APOLOGY = "I'm sorry, something went wrong while answering. Please try again.";
export const CHAT_EMPTY_FALLBACK = "I'm sorry, I couldn't come up with an answer to that. Please try rephrasing your question.";

/**
 * Status 401: session expired; a message containing "rate limit": high demand; one containing
 * "API key": trouble connecting; a provider timeout (504) keeps the server's clear words;
 * anything else: an apology.
 */
export function chatErrorReply(error: unknown): string {
  const status = isApiError(error) ? error.status : null;
  const message = isApiError(error) ? error.serverMessage : error instanceof Error ? error.message : String(error ?? "");
  if (status === 401) return CHAT_SESSION_EXPIRED;
  if (/rate limit/i.test(message)) return CHAT_HIGH_DEMAND;
  if (/api key/i.test(message)) return CHAT_CONNECTION_TROUBLE;
  if (status === 504 && message) return message;
  return CHAT_GENERIC_APOLOGY;
}

/** The reply text, or the fallback when it came back empty. */
export const replyOrFallback = (text: string | null | undefined) => (text && text.trim() ? text : CHAT_EMPTY_FALLBACK);
