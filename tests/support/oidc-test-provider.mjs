/**
 * A real OpenID Provider for the single sign-on tests: the certified `oidc-provider` package on a
 * loopback port, started by the test itself (tests/support/oidc-provider.ts spawns this file;
 * oidc-provider is ESM-only, so it runs in its own Node process). Its sign-in page is a plain
 * form that takes an account's email: no password, no consent screen.
 *
 * Reads one JSON argument: { clientId, clientSecret, redirectUris, accounts: [{ sub, email,
 * email_verified, given_name, family_name, shortCode? }] }. An account with `shortCode` gets
 * authorization codes that expire after 1 second (the expired-code test). Prints
 * `{"issuer":"http://127.0.0.1:<port>"}` on one line when it listens.
 */
import http from "node:http";
import Provider from "oidc-provider";

const options = JSON.parse(process.argv[2] ?? "{}");
const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
const byEmail = (email) => [...accounts.values()].find((account) => account.email === email.trim().toLowerCase());

const server = http.createServer();
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: options.clientId,
      client_secret: options.clientSecret,
      redirect_uris: options.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ],
  pkce: { required: () => true },
  // The email in the ID token, as Google and Entra put it there.
  conformIdTokenClaims: false,
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
  features: { devInteractions: { enabled: false } },
  cookies: { keys: ["oidc-test-provider-cookie-key"] },
  ttl: {
    AuthorizationCode: (_ctx, code) => (accounts.get(code.accountId)?.shortCode ? 1 : 60),
    Interaction: 600,
    Session: 600,
    Grant: 600,
    IdToken: 600,
    AccessToken: 600,
  },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(_ctx, sub) {
    const account = accounts.get(sub);
    if (!account) return undefined;
    return {
      accountId: sub,
      async claims() {
        const claims = { ...account };
        delete claims.shortCode;
        return { ...claims, name: `${account.given_name ?? ""} ${account.family_name ?? ""}`.trim() };
      },
    };
  },
});

const page = (uid, message = "") => `<!doctype html><html><head><title>Test provider sign-in</title></head><body>
<h1>Test provider</h1>${message ? `<p role="alert">${message}</p>` : ""}
<form method="post" action="/interaction/${uid}"><label>Provider email <input name="email" type="email" autocomplete="off"></label>
<button type="submit">Continue</button></form></body></html>`;

const readForm = (req) =>
  new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(new URLSearchParams(body)));
  });

const callback = provider.callback();
server.on("request", async (req, res) => {
  const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? "");
  if (!match) return callback(req, res);
  try {
    const details = await provider.interactionDetails(req, res);
    if (req.method === "GET") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page(details.uid));
      return;
    }
    const account = byEmail((await readForm(req)).get("email") ?? "");
    if (!account) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page(details.uid, "No such account"));
      return;
    }
    const grant = new provider.Grant({ accountId: account.sub, clientId: details.params.client_id });
    grant.addOIDCScope("openid email profile");
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  } catch (error) {
    res.writeHead(400, { "Content-Type": "text/plain" }).end(String(error));
  }
});

process.stdout.write(`${JSON.stringify({ issuer })}\n`);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
