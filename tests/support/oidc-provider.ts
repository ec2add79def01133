/**
 * Starts the local OpenID Provider (tests/support/oidc-test-provider.mjs, the `oidc-provider`
 * package) in a child process on a loopback port, for the single sign-on integration tests and
 * e2e/sso.spec.ts. `stop()` ends it.
 */
import { spawn } from "node:child_process";
import path from "node:path";

export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  /** Its authorization codes expire after 1 second. */
  shortCode?: boolean;
}

export interface TestProvider {
  issuer: string;
  stop: () => Promise<void>;
}

export async function startTestProvider(options: { clientId: string; clientSecret: string; redirectUris: string[]; accounts: TestAccount[] }): Promise<TestProvider> {
  const script = path.resolve(__dirname, "oidc-test-provider.mjs");
  const child = spawn(process.execPath, [script, JSON.stringify(options)], { stdio: ["ignore", "pipe", "pipe"] });
  // Its start-up notes (in-memory adapter, development keys) are expected here; anything else is shown.
  child.stderr!.on("data", (chunk: Buffer) => {
    const text = chunk.toString().split("\n").filter((line) => line.trim() && !line.includes("oidc-provider WARNING")).join("\n");
    if (text) process.stderr.write(`[test OpenID provider] ${text}\n`);
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n")) resolve((JSON.parse(line) as { issuer: string }).issuer);
    });
    child.once("exit", (code) => reject(new Error(`the test OpenID provider exited (${code})`)));
    setTimeout(() => reject(new Error("the test OpenID provider did not start in 20 s")), 20_000).unref();
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
