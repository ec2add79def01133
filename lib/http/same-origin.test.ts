import { assertSameOrigin } from "./same-origin";

const post = (headers: Record<string, string>) => new Request("http://localhost:3000/api/tasks", { method: "POST", headers });

describe("assertSameOrigin", () => {
  it("lets reads through whatever their origin", () => {
    expect(() => assertSameOrigin(new Request("http://localhost:3000/api/tasks", { headers: { origin: "https://evil.example" } }))).not.toThrow();
  });

  it("accepts a same-origin browser write", () => {
    expect(() => assertSameOrigin(post({ host: "localhost:3000", origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }))).not.toThrow();
  });

  it("accepts a non-browser client that sends neither Origin nor Sec-Fetch-Site", () => {
    expect(() => assertSameOrigin(post({ host: "localhost:3000" }))).not.toThrow();
  });

  it.each([
    [{ host: "localhost:3000", "sec-fetch-site": "cross-site" }],
    [{ host: "localhost:3000", "sec-fetch-site": "same-site" }],
    [{ host: "localhost:3000", origin: "https://evil.example" }],
    [{ host: "localhost:3000", origin: "null" }],
  ])("rejects a cross-site write (%o) with 403", (headers) => {
    expect(() => assertSameOrigin(post(headers))).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
  });
});
