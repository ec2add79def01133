import { getClientType } from "./client-type";
import { setForceMobileAuth, setStoredClientType } from "./storage";
import { installLocalStorage, setUserAgent } from "./test-helpers";

const DESKTOP_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const IPAD = "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

describe("getClientType", () => {
  beforeEach(() => {
    installLocalStorage();
  });

  it("defaults to web", () => {
    expect(getClientType(DESKTOP_CHROME)).toBe("web");
  });

  it.each([
    ["iPhone", IPHONE],
    ["iPad", IPAD],
  ])("forces mobile for an %s user agent, whatever is stored", (_device, userAgent) => {
    setStoredClientType("web");
    expect(getClientType(userAgent)).toBe("mobile");
  });

  it("forces mobile when forceMobileAuth is true", () => {
    setStoredClientType("web");
    setForceMobileAuth(true);
    expect(getClientType(DESKTOP_CHROME)).toBe("mobile");
  });

  it("otherwise follows the stored client type", () => {
    setStoredClientType("mobile");
    expect(getClientType(DESKTOP_CHROME)).toBe("mobile");
    setForceMobileAuth(false);
    setStoredClientType("web");
    expect(getClientType(DESKTOP_CHROME)).toBe("web");
  });

  it("reads the browser's user agent by default", () => {
    setUserAgent(IPAD);
    expect(getClientType()).toBe("mobile");
  });
});
