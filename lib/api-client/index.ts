export { getClientType } from "./client-type";
export { ApiError, isApiError } from "./errors";
export { fieldErrorsOf, getFriendlyError } from "./friendly-errors";
export { GENERIC_FAILURE, connectionErrorOf, friendlyErrorSoon, serverMessageOf, type FriendlyError } from "./messages";
export {
  apiAnswer,
  apiRequest,
  apiUpload,
  buildUrl,
  getQueryFn,
  getRevalidatingQueryFn,
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
