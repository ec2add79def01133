import { randomBytes } from "node:crypto";
import { appEnv } from "@/scripts/launch-env";
import { isProductionStart, productionConfigProblems, publicUrlProblem } from "./boot-checks";

const strong = randomBytes(32).toString("base64");

describe("production settings checked at start (lib/boot-checks.ts)", () => {
  it("needs NEXTAUTH_SECRET", () => {
    expect(productionConfigProblems({})).toEqual(["NEXTAUTH_SECRET is not set: generate one with `openssl rand -base64 32` and set it before starting."]);
    expect(productionConfigProblems({ NEXTAUTH_SECRET: "" })).toHaveLength(1);
  });

  it("refuses a weak secret: short, a few characters repeated, or a placeholder", () => {
    expect(productionConfigProblems({ NEXTAUTH_SECRET: "too-short" })).toEqual([
      "NEXTAUTH_SECRET is too weak: it must be at least 32 characters (it has 9); generate one with `openssl rand -base64 32` and set it before starting.",
    ]);
    expect(productionConfigProblems({ NEXTAUTH_SECRET: "a".repeat(64) })[0]).toMatch(/^NEXTAUTH_SECRET is too weak: it repeats a few characters; /);
    expect(productionConfigProblems({ NEXTAUTH_SECRET: "abababab12121212abababab12121212" })[0]).toMatch(/repeats a few characters/);
    for (const placeholder of ["change-me-to-a-long-random-secret-value", "replace_me_with_something_long_and_random", "your-secret-here-0123456789abcdefghij"]) {
      expect(productionConfigProblems({ NEXTAUTH_SECRET: placeholder })[0]).toMatch(/^NEXTAUTH_SECRET is too weak: it is a placeholder/);
    }
    // AUTH_SECRET (next-auth's other name) is read the same way.
    expect(productionConfigProblems({ AUTH_SECRET: "short" })[0]).toMatch(/at least 32 characters/);
    expect(productionConfigProblems({ AUTH_SECRET: strong })).toEqual([]);
  });

  it("accepts a generated secret, the launcher's (.data/auth-secret) among them", () => {
    expect(productionConfigProblems({ NEXTAUTH_SECRET: strong })).toEqual([]);
    const launcherSecret = randomBytes(32).toString("base64url");
    expect(productionConfigProblems(appEnv({}, { databaseUrl: "postgresql://db/bfs_tasks", authSecret: launcherSecret, port: 3000 }))).toEqual([]);
  });

  it("refuses a malformed APP_URL or NEXTAUTH_URL, in one sentence naming it", () => {
    expect(publicUrlProblem("APP_URL", "tasks.example.org")).toBe(
      'APP_URL is not a valid URL ("tasks.example.org"): give the full address people open, e.g. https://tasks.example.org.',
    );
    expect(publicUrlProblem("APP_URL", "https://")).toMatch(/^APP_URL is not a valid URL/);
    expect(publicUrlProblem("APP_URL", "http://tasks example.org")).toMatch(/^APP_URL is not a valid URL/);
    expect(publicUrlProblem("NEXTAUTH_URL", "localhost:3000")).toBe('NEXTAUTH_URL must start with http:// or https:// ("localhost:3000"), e.g. https://tasks.example.org.');
    expect(publicUrlProblem("NEXTAUTH_URL", "ftp://tasks.example.org")).toMatch(/must start with http:\/\/ or https:\/\//);
    expect(publicUrlProblem("APP_URL", "https://admin:hunter2@tasks.example.org")).toBe("APP_URL must not contain a user name or password.");
    expect(publicUrlProblem("APP_URL", "https://tasks.example.org/?x=1")).toMatch(/without a \?query or #fragment/);
    expect(productionConfigProblems({ NEXTAUTH_SECRET: strong, NEXTAUTH_URL: "https//tasks.example.org" })).toEqual([
      'NEXTAUTH_URL is not a valid URL ("https//tasks.example.org"): give the full address people open, e.g. https://tasks.example.org.',
    ]);
  });

  it("accepts full http(s) addresses, and leaves unset ones to their defaults", () => {
    for (const url of ["https://tasks.example.org", "http://localhost:3000", "http://192.168.1.20:3000/", " https://tasks.example.org/app "]) {
      expect([url, publicUrlProblem("APP_URL", url)]).toEqual([url, null]);
    }
    expect(publicUrlProblem("APP_URL", undefined)).toBeNull();
    expect(publicUrlProblem("APP_URL", "")).toBeNull();
  });

  it("lists the secret first, then the URLs", () => {
    expect(productionConfigProblems({ APP_URL: "nope", NEXTAUTH_URL: "also nope" }).map((p) => p.split(" ")[0])).toEqual(["NEXTAUTH_SECRET", "APP_URL", "NEXTAUTH_URL"]);
  });

  it("runs only for a production start, not for next build, development or tests", () => {
    expect(isProductionStart({ NODE_ENV: "production" })).toBe(true);
    expect(isProductionStart({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).toBe(false);
    expect(isProductionStart({ NODE_ENV: "development" })).toBe(false);
    expect(isProductionStart({ NODE_ENV: "test" })).toBe(false);
  });
});
