export { getClientType } from "./client-type";
export { ApiError, isApiError } from "./errors";
export { GENERIC_FAILURE, fieldErrorsOf, getFriendlyError, serverMessageOf, type FriendlyError } from "./friendly-errors";
export {
  apiRequest,
  apiUpload,
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
