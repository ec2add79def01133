import { describeBrowser, describeEnvironment } from "./environment";

describe("describeBrowser", () => {
  it("names the browser and system from common user agents", () => {
    expect(describeBrowser("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36")).toBe("Chrome 140 on Windows");
    expect(describeBrowser("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0")).toBe("Edge 140 on Windows");
    expect(describeBrowser("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox 133 on Linux");
    expect(describeBrowser("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")).toBe("Safari 18 on iOS");
    expect(describeBrowser("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15")).toBe("Safari 17 on macOS");
    expect(describeBrowser("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36")).toBe("Chrome 131 on Android");
    expect(describeBrowser("curl/8.5")).toBe("a browser");
    expect(describeBrowser(null)).toBe("an unknown browser");
  });

  it("summarises the environment for the dialog's note", () => {
    expect(describeEnvironment({ pageUrl: "http://localhost:3000/tasks/1?tab=x", userAgent: "Firefox/133.0 (X11; Linux)", screen: "1920×1080" })).toBe(
      "page /tasks/1?tab=x, Firefox 133 on Linux, screen 1920×1080",
    );
  });
});
