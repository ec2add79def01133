import { describeDevice, timeAgo } from "./describe-device";

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const EDGE_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0";
const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:130.0) Gecko/20100101 Firefox/130.0";

describe("describeDevice", () => {
  it("names common browsers and systems", () => {
    expect(describeDevice(CHROME_LINUX, "web")).toBe("Chrome on Linux");
    expect(describeDevice(SAFARI_IPHONE, "mobile")).toBe("Safari on iPhone");
    expect(describeDevice(EDGE_WINDOWS, "web")).toBe("Edge on Windows");
    expect(describeDevice(FIREFOX_MAC, "web")).toBe("Firefox on Mac");
  });

  it("falls back gracefully", () => {
    expect(describeDevice(null, "web")).toBe("Unknown browser");
    expect(describeDevice("", "mobile")).toBe("Mobile app");
    expect(describeDevice("okhttp/4.12 (Android 14)", "mobile")).toBe("Mobile app on Android");
    expect(describeDevice("curl/8.5.0", "web")).toBe("Unknown browser");
  });
});

describe("timeAgo", () => {
  const now = Date.UTC(2026, 2, 3, 12, 0);
  it("rounds down to minutes, hours and days", () => {
    expect(timeAgo(new Date(now - 30_000).toISOString(), now)).toBe("just now");
    expect(timeAgo(new Date(now - 60_000).toISOString(), now)).toBe("1 minute ago");
    expect(timeAgo(new Date(now - 59 * 60_000).toISOString(), now)).toBe("59 minutes ago");
    expect(timeAgo(new Date(now - 60 * 60_000).toISOString(), now)).toBe("1 hour ago");
    expect(timeAgo(new Date(now - 49 * 3_600_000).toISOString(), now)).toBe("2 days ago");
  });
  it("treats future times and garbage safely", () => {
    expect(timeAgo(new Date(now + 3_600_000).toISOString(), now)).toBe("just now");
    expect(timeAgo("not a date", now)).toBe("unknown");
  });
});
