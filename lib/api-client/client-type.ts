import { getStoredClientType, isMobileAuthForced, type ClientType } from "./storage";

const FORCED_MOBILE_AGENTS = /iPad|iPhone/;

function currentUserAgent(): string {
  return typeof navigator === "undefined" ? "" : navigator.userAgent;
}

/**
 * Mobile is forced for iPad and iPhone user agents or when forceMobileAuth is
 * set (spec §6); otherwise the stored clientType decides, and "web" is the default.
 */
export function getClientType(userAgent: string = currentUserAgent()): ClientType {
  if (FORCED_MOBILE_AGENTS.test(userAgent) || isMobileAuthForced()) return "mobile";
  return getStoredClientType() ?? "web";
}
