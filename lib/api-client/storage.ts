/** Client storage keys, named exactly as the spec names them (§3). */
export const STORAGE_KEYS = {
  accessToken: "accessToken",
  refreshToken: "refreshToken",
  tokenExpiry: "tokenExpiry",
  clientType: "clientType",
  forceMobileAuth: "forceMobileAuth",
} as const;

export type ClientType = "web" | "mobile";

/** The `auth` part of a login or refresh response; expiresIn is in seconds. */
export interface AuthTokens {
  accessToken: string;
  refreshToken?: string;
  expiresIn?: number;
}

/**
 * localStorage, or null where there is none: during server rendering, and in
 * browsers that throw on access when storage is blocked.
 */
function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

function write(key: string, value: string): void {
  storage()?.setItem(key, value);
}

export function getAccessToken(): string | null {
  return read(STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return read(STORAGE_KEYS.refreshToken);
}

/** Epoch milliseconds at which the access token expires, or null if unknown. */
export function getTokenExpiry(): number | null {
  const expiry = Number(read(STORAGE_KEYS.tokenExpiry) ?? NaN);
  return Number.isFinite(expiry) ? expiry : null;
}

export function saveAuthTokens(auth: AuthTokens): void {
  write(STORAGE_KEYS.accessToken, auth.accessToken);
  if (auth.refreshToken) write(STORAGE_KEYS.refreshToken, auth.refreshToken);
  if (auth.expiresIn !== undefined) {
    write(STORAGE_KEYS.tokenExpiry, String(Date.now() + auth.expiresIn * 1000));
  }
}

/** Forgets the tokens; clientType and forceMobileAuth are device settings and stay. */
export function clearAuthTokens(): void {
  const store = storage();
  store?.removeItem(STORAGE_KEYS.accessToken);
  store?.removeItem(STORAGE_KEYS.refreshToken);
  store?.removeItem(STORAGE_KEYS.tokenExpiry);
}

export function getStoredClientType(): ClientType | null {
  const value = read(STORAGE_KEYS.clientType);
  return value === "mobile" || value === "web" ? value : null;
}

export function setStoredClientType(type: ClientType): void {
  write(STORAGE_KEYS.clientType, type);
}

export function isMobileAuthForced(): boolean {
  return read(STORAGE_KEYS.forceMobileAuth) === "true";
}

export function setForceMobileAuth(force: boolean): void {
  write(STORAGE_KEYS.forceMobileAuth, String(force));
}
