import { issuerProblem } from "./oidc";
import { ssoOutcomeMessage, SSO_OUTCOMES } from "@/lib/sso/outcomes";
import { SSO_BREAK_GLASS_REQUIRED, SSO_ISSUER_HTTPS, updateSsoSettingsSchema } from "@/lib/validations/sso";

describe("issuerProblem: https, or plain http on loopback only under the test setting", () => {
  const saved = process.env.ENABLE_TEST_HOOKS;
  afterEach(() => {
    process.env.ENABLE_TEST_HOOKS = saved;
  });

  it.each([
    ["https://accounts.google.com", "true", null],
    ["https://accounts.google.com", "false", null],
    ["https://login.microsoftonline.com/tenant/v2.0", "false", null],
    ["http://127.0.0.1:4000", "true", null],
    ["http://localhost:4000", "true", null],
    ["http://[::1]:4000", "true", null],
    ["http://127.0.0.1:4000", "false", SSO_ISSUER_HTTPS],
    ["http://localhost:4000", "false", SSO_ISSUER_HTTPS],
    ["http://idp.example.com", "true", SSO_ISSUER_HTTPS],
    ["http://10.0.0.5", "true", SSO_ISSUER_HTTPS],
    ["http://127.0.0.1.nip.io", "true", SSO_ISSUER_HTTPS],
  ])("%s with ENABLE_TEST_HOOKS=%s", (issuer, hooks, expected) => {
    process.env.ENABLE_TEST_HOOKS = hooks;
    expect(issuerProblem(issuer)).toBe(expected);
  });
});

describe("updateSsoSettingsSchema", () => {
  const base = { preset: "google", issuer: "https://accounts.google.com/", clientId: " id ", enabled: true };

  it("trims the client id and drops the issuer's trailing slash", () => {
    expect(updateSsoSettingsSchema.parse(base)).toMatchObject({ issuer: "https://accounts.google.com", clientId: "id", requireSso: false, breakGlassUserId: null });
  });

  it.each([
    [{ issuer: "https://idp.example.com/?tenant=x" }, "issuer"],
    [{ issuer: "https://user:pw@idp.example.com" }, "issuer"],
    [{ issuer: "ftp://idp.example.com" }, "issuer"],
    [{ issuer: "" }, "issuer"],
    [{ clientId: "" }, "clientId"],
    [{ preset: "okta" }, "preset"],
    [{ requireSso: true }, "breakGlassUserId"],
    [{ requireSso: true, enabled: false, breakGlassUserId: "00000000-0000-4000-8000-000000000000" }, "requireSso"],
    [{ extra: 1 }, ""],
  ])("refuses %j naming %s", (change, field) => {
    const result = updateSsoSettingsSchema.safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join("."))).toContain(field);
  });

  it("asks for a break-glass admin in words", () => {
    const result = updateSsoSettingsSchema.safeParse({ ...base, requireSso: true });
    expect(result.error!.issues[0].message).toBe(SSO_BREAK_GLASS_REQUIRED);
  });

  it("has a sentence for every outcome, naming the provider where it matters", () => {
    for (const outcome of SSO_OUTCOMES) expect(ssoOutcomeMessage(outcome, "Google").length).toBeGreaterThan(10);
    expect(ssoOutcomeMessage("unverified", "Microsoft")).toBe("Your email address at Microsoft is not verified, so it cannot be used to sign in.");
  });
});
