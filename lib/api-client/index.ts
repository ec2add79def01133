export { getClientType } from "./client-type";
export { ApiError, isApiError } from "./errors";
export { getFriendlyError, type FriendlyError } from "./friendly-errors";
export {
  apiRequest,
  buildUrl,
  getQueryFn,
  sendRequest,
  type HttpMethod,
  type On401,
  type RequestOptions,
} from "./request";
export {
  STORAGE_KEYS,
  clearAuthTokens,
  getAccessToken,
  getRefreshToken,
  getStoredClientType,
  isMobileAuthForced,
  saveAuthTokens,
  setForceMobileAuth,
  setStoredClientType,
  type AuthTokens,
  type ClientType,
} from "./storage";
