import "server-only";
import { randomBytes } from "node:crypto";
import { errors, type BaseClient, type IdTokenClaims, type TokenSet } from "openid-client";
import type { ClientInfo } from "@/lib/auth/client-info";
import { now } from "@/lib/auth/clock";
import { isEmailDomainAllowed } from "@/lib/auth/email-domains";
import { hashPassword } from "@/lib/auth/password";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { AppError } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { Role } from "@/lib/generated/prisma/enums";
import type { SsoOutcome } from "@/lib/sso/outcomes";
import type { z } from "zod";
import type { ssoCallbackQuerySchema } from "@/lib/validations/sso";
import { createAuthSession, type SignInResult } from "../create-auth-session";
import { allowedEmailDomains } from "../get-registration-policy";
import { consumeRateLimits } from "../rate-limit";
import { publicUserSelect, toPublicUser } from "../public-user";
import { REGISTRATION_LOCK_KEY } from "../register-user";
import { oidcClient } from "./oidc";
import { readPending } from "./pending";
import { loadSsoConfig, type SsoConfig } from "./settings";

type CallbackQuery = z.output<typeof ssoCallbackQuerySchema>;

/** The callback's result: signed in (and whether an existing account was just linked), or refused with a reason. */
export type SsoCompletion = { signedIn: SignInResult; linked: boolean } | { refused: SsoOutcome };

/** As many callbacks per address as the sign-in lockout allows failures, per 15 minutes, times 6. */
export const SSO_CALLBACK_LIMIT = { limit: 30, windowMs: 15 * 60 * 1000 };

class Refusal extends Error {
  constructor(readonly outcome: SsoOutcome) {
    super(outcome);
  }
}

/**
 * The provider's redirect back (docs/auth.md "Single sign-on"). In order: the rate limit per
 * address; the pending cookie and `state`; the code exchange with the PKCE verifier, which
 * openid-client follows by checking the ID token (RS256 signature against the provider's keys,
 * `iss`, `aud`, `exp`, `nonce`); then who may get in: a verified email, at an allowed domain
 * when domains are set, of an active member (linked by subject, else by email), or a new member
 * as the invitation and domain rules allow. Signs in with the same session row and cookie as
 * the password sign-in. Refusals never say more than the reason the sign-in page explains.
 */
export async function completeSso(query: CallbackQuery, cookieHeader: string | null, info: ClientInfo): Promise<SsoCompletion> {
  try {
    await consumeRateLimits([{ bucket: "sso-callback:ip", key: info.ip, ...SSO_CALLBACK_LIMIT }], () => "limited");
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") return { refused: "limited" };
    throw error;
  }
  try {
    return await complete(query, cookieHeader, info);
  } catch (error) {
    if (error instanceof Refusal) return { refused: error.outcome };
    throw error;
  }
}

async function complete(query: CallbackQuery, cookieHeader: string | null, info: ClientInfo): Promise<SsoCompletion> {
  const pending = readPending(cookieHeader);
  const config = await loadSsoConfig();
  if (!config) throw new Refusal("unavailable");
  if (!pending || pending.issuer !== config.issuer || pending.clientId !== config.clientId) throw new Refusal("expired");
  if (query.error) throw new Refusal(query.error === "access_denied" ? "cancelled" : "unavailable");
  if (!query.state || query.state !== pending.state) throw new Refusal("expired");
  if (!query.code) throw new Refusal("invalid");

  let client: BaseClient;
  try {
    client = await oidcClient(config);
  } catch {
    throw new Refusal("unavailable");
  }
  const claims = await verifiedClaims(client, config, query, pending);
  return signIn(config, claims, info);
}

interface Identity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

async function verifiedClaims(client: BaseClient, config: SsoConfig, query: CallbackQuery, pending: { state: string; nonce: string; verifier: string }): Promise<Identity> {
  let tokens: TokenSet;
  try {
    const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Record<string, string>;
    tokens = await client.callback(client.metadata.redirect_uris![0], params, {
      state: pending.state,
      nonce: pending.nonce,
      code_verifier: pending.verifier,
      response_type: "code",
    });
  } catch (error) {
    // invalid_grant: the code expired, was used already, or its PKCE verifier does not match.
    if (error instanceof errors.OPError) throw new Refusal(error.error === "invalid_grant" ? "expired" : "unavailable");
    if (error instanceof errors.RPError) throw new Refusal("invalid");
    throw new Refusal("unavailable");
  }
  let claims: IdTokenClaims & Record<string, unknown> = tokens.claims();
  // Providers that keep the email out of the ID token (conforming to the scopes) answer it at userinfo.
  if (typeof claims.email !== "string" && tokens.access_token) {
    try {
      const info = await client.userinfo(tokens);
      if (info.sub === claims.sub) claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
    } catch {
      throw new Refusal("unavailable");
    }
  }
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || !email.includes("@")) throw new Refusal("unverified");
  // Entra ID sends no email_verified: its optional claim xms_edov says the domain's owner verified it.
  const emailVerified: unknown = claims.email_verified;
  const verified = emailVerified === true || emailVerified === "true" || (config.preset === "microsoft" && (claims.xms_edov === true || claims.xms_edov === "1" || claims.xms_edov === "true"));
  if (!verified) throw new Refusal("unverified");
  const fullName = typeof claims.name === "string" ? claims.name.trim() : "";
  const firstName = (typeof claims.given_name === "string" && claims.given_name.trim()) || fullName.split(/\s+/)[0] || email.split("@")[0];
  const lastName = (typeof claims.family_name === "string" && claims.family_name.trim()) || fullName.split(/\s+/).slice(1).join(" ");
  return { subject: claims.sub, email, firstName: firstName.slice(0, 100), lastName: lastName.slice(0, 100) };
}

async function signIn(config: SsoConfig, identity: Identity, info: ClientInfo): Promise<SsoCompletion> {
  const domains = allowedEmailDomains();
  if (domains.length > 0 && !isEmailDomainAllowed(identity.email, domains)) throw new Refusal("domain");
  // A new account's password is a random one nobody knows (a reset mail can set one, where allowed).
  const unusablePassword = await hashPassword(randomBytes(32).toString("base64url"), { logN: 12 });
  try {
    return await db.$transaction(async (tx) => {
      // The registrations' lock: a first SSO sign-in and a registration of the same email can't both create it.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REGISTRATION_LOCK_KEY}::bigint)`;
      const at = now();
      const select = { ...publicUserSelect, isActive: true } as const;
      const linkedIdentity = await tx.ssoIdentity.findUnique({ where: { issuer_subject: { issuer: config.issuer, subject: identity.subject } }, select: { id: true, user: { select } } });
      let user = linkedIdentity?.user ?? (await tx.user.findUnique({ where: { email: identity.email }, select }));
      let linked = false;
      let created: { role: Role; invitationId: string | null } | null = null;

      if (!user) {
        const invitation = await tx.invitation.findFirst({
          where: { email: identity.email, usedAt: null, revokedAt: null, expiresAt: { gt: at } },
          orderBy: { createdAt: "desc" },
          select: { id: true, role: true },
        });
        if (!invitation && domains.length === 0) throw new Refusal("no-account");
        created = { role: invitation?.role ?? "staff", invitationId: invitation?.id ?? null };
        user = await tx.user.create({
          data: { email: identity.email, firstName: identity.firstName, lastName: identity.lastName, passwordHash: unusablePassword, role: created.role },
          select,
        });
        if (invitation) {
          const used = await tx.invitation.updateMany({ where: { id: invitation.id, usedAt: null, revokedAt: null }, data: { usedAt: at, usedById: user.id } });
          if (used.count !== 1) throw new Refusal("no-account");
        }
      }
      if (!user.isActive) throw new Refusal("deactivated");

      if (linkedIdentity) {
        await tx.ssoIdentity.update({ where: { id: linkedIdentity.id }, data: { lastUsedAt: at, email: identity.email } });
      } else {
        await tx.ssoIdentity.create({ data: { userId: user.id, issuer: config.issuer, subject: identity.subject, email: identity.email, createdAt: at, lastUsedAt: at } });
        linked = created === null;
      }

      const publicUser = toPublicUser(user);
      if (created) {
        await recordAudit(tx, {
          actorId: user.id,
          action: "auth.register",
          entityType: "user",
          entityId: user.id,
          metadata: { role: created.role, invitationId: created.invitationId, via: created.invitationId ? "sso-invitation" : "sso-email-domain", clientType: info.clientType, ip: info.ip },
        });
      }
      if (linked) {
        await recordAudit(tx, { actorId: user.id, action: "auth.sso.link", entityType: "user", entityId: user.id, metadata: { issuer: config.issuer, ip: info.ip } });
      }
      const signedIn = await createAuthSession(tx, publicUser, info, "sso");
      await recordAudit(tx, {
        actorId: user.id,
        action: "auth.login",
        entityType: "user",
        entityId: user.id,
        metadata: { sessionId: signedIn.session.id, clientType: info.clientType, ip: info.ip, via: "sso" },
      });
      return { signedIn, linked };
    });
  } catch (error) {
    if (error instanceof Refusal) throw error;
    // The member is linked to another subject at this provider already (one identity per issuer).
    if (isUniqueViolation(error)) throw new Refusal("conflict");
    throw error;
  }
}
