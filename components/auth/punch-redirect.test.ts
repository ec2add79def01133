import { punchRedirectTarget } from "./punch-redirect";

describe("punchRedirectTarget", () => {
  it("continues to /punch-authenticated with auto and location", () => {
    expect(punchRedirectTarget({ redirect: "punch", auto: "true", location: "facility" })).toBe(
      "/punch-authenticated?auto=true&location=facility",
    );
    expect(punchRedirectTarget({ redirect: "punch", auto: "false", location: "warehouse 2" })).toBe(
      "/punch-authenticated?auto=false&location=warehouse+2",
    );
  });

  it("defaults location to facility and leaves auto out when absent", () => {
    expect(punchRedirectTarget({ redirect: "punch" })).toBe("/punch-authenticated?location=facility");
    expect(punchRedirectTarget({ redirect: "punch", auto: "", location: "" })).toBe("/punch-authenticated?location=facility");
  });

  it("is null without redirect=punch (no open redirect)", () => {
    expect(punchRedirectTarget({})).toBeNull();
    expect(punchRedirectTarget({ redirect: "https://evil.example", auto: "true" })).toBeNull();
    expect(punchRedirectTarget({ redirect: "PUNCH" })).toBeNull();
  });

  it("encodes hostile values instead of passing them through", () => {
    expect(punchRedirectTarget({ redirect: "punch", auto: "x&redirect=//evil", location: "a#b" })).toBe(
      "/punch-authenticated?auto=x%26redirect%3D%2F%2Fevil&location=a%23b",
    );
  });

  it("carries the printed code's key version and signature", () => {
    expect(punchRedirectTarget({ redirect: "punch", auto: "true", location: "facility", v: "2", sig: "abc_DEF-123" })).toBe(
      "/punch-authenticated?auto=true&location=facility&v=2&sig=abc_DEF-123",
    );
  });
});
