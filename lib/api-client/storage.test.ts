import {
  STORAGE_KEYS,
  clearAuthTokens,
  getAccessToken,
  getTokenExpiry,
  saveAuthTokens,
  setForceMobileAuth,
  setStoredClientType,
} from "./storage";
import { installLocalStorage, removeLocalStorage } from "./test-helpers";

describe("auth token storage", () => {
  let storage: Storage;

  beforeEach(() => {
    storage = installLocalStorage();
    jest.spyOn(Date, "now").mockReturnValue(1_000_000);
  });

  afterEach(() => jest.restoreAllMocks());

  it("uses the spec's key names", () => {
    expect(Object.values(STORAGE_KEYS)).toEqual([
      "accessToken",
      "refreshToken",
      "tokenExpiry",
      "clientType",
      "forceMobileAuth",
    ]);
  });

  it("saves the tokens with the expiry at now + expiresIn seconds", () => {
    saveAuthTokens({ accessToken: "a1", refreshToken: "r1", expiresIn: 900 });
    expect(storage.getItem("accessToken")).toBe("a1");
    expect(storage.getItem("refreshToken")).toBe("r1");
    expect(storage.getItem("tokenExpiry")).toBe(String(1_000_000 + 900_000));
    expect(getTokenExpiry()).toBe(1_900_000);
  });

  it("clears the tokens but keeps the device's client settings", () => {
    saveAuthTokens({ accessToken: "a1", refreshToken: "r1", expiresIn: 900 });
    setStoredClientType("mobile");
    setForceMobileAuth(true);
    clearAuthTokens();
    expect(storage.getItem("accessToken")).toBeNull();
    expect(storage.getItem("refreshToken")).toBeNull();
    expect(storage.getItem("tokenExpiry")).toBeNull();
    expect(storage.getItem("clientType")).toBe("mobile");
    expect(storage.getItem("forceMobileAuth")).toBe("true");
  });

  it("reads an unparseable expiry as unknown", () => {
    storage.setItem("tokenExpiry", "soon");
    expect(getTokenExpiry()).toBeNull();
  });
});

describe("without localStorage (server rendering)", () => {
  beforeEach(removeLocalStorage);

  it("reads nothing and writes nowhere without throwing", () => {
    expect(() => saveAuthTokens({ accessToken: "a1", expiresIn: 60 })).not.toThrow();
    expect(() => clearAuthTokens()).not.toThrow();
    expect(getAccessToken()).toBeNull();
    expect(getTokenExpiry()).toBeNull();
  });
});
