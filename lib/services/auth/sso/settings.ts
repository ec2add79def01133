import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { addMs, now } from "@/lib/auth/clock";
import { can } from "@/lib/auth/permissions";
import { openSecret, sealSecret } from "@/lib/auth/secret-box";
import { SSO_REQUIRED_SESSION_TTL_MS } from "@/lib/auth/tokens";
import { db, type Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import {
  SSO_PRESET_LABELS,
  SSO_SECRET_REQUIRED,
  updateSsoSettingsSchema,
  type SsoPreset,
  type SsoSettingsView,
} from "@/lib/validations/sso";
import type { z } from "zod";
import { forgetDiscovery, issuerProblem, ssoRedirectUri } from "./oidc";

type UpdateInput = z.output<typeof updateSsoSettingsSchema>;

const SECRET_HINT_LENGTH = 4;

const settingsSelect = {
  preset: true,
  issuer: true,
  clientId: true,
  clientSecretHint: true,
  enabled: true,
  requireSso: true,
  breakGlassUserId: true,
  updatedAt: true,
} as const;

/** The admin's view: never the secret, only its first characters (docs/auth.md "Single sign-on"). */
export async function getSsoSettings(): Promise<SsoSettingsView> {
  const [row, nonSsoSessions] = await Promise.all([db.ssoSettings.findUnique({ where: { id: 1 }, select: settingsSelect }), countNonSsoSessions(db)]);
  if (!row) {
    return {
      configured: false,
      preset: "google",
      issuer: "",
      clientId: "",
      clientSecretSet: false,
      clientSecretHint: null,
      enabled: false,
      requireSso: false,
      breakGlassUserId: null,
      redirectUri: ssoRedirectUri(),
      updatedAt: null,
      nonSsoSessions,
    };
  }
  return {
    configured: true,
    preset: row.preset as SsoPreset,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: true,
    clientSecretHint: row.clientSecretHint,
    enabled: row.enabled,
    requireSso: row.requireSso,
    breakGlassUserId: row.breakGlassUserId,
    redirectUri: ssoRedirectUri(),
    updatedAt: row.updatedAt.toISOString(),
    nonSsoSessions,
  };
}

/**
 * Saves the provider. The secret is sealed (secret-box) and only replaced when a new one is
 * given; the audit log records what changed, never the secret. Requiring SSO needs an active
 * administrator as the break-glass account, so a provider outage can't lock everyone out.
 *
 * A save that leaves SSO required ends every open session not made by it (web or mobile: the
 * refresh tokens die with their session) but the break-glass administrator's, and shortens the
 * SSO-made ones to SSO_REQUIRED_SESSION_TTL_MS from now; the answer says how many it ended.
 */
export async function updateSsoSettings(caller: Caller, input: UpdateInput): Promise<SsoSettingsView & { endedSessions: number }> {
  const problem = issuerProblem(input.issuer);
  if (problem) throw badRequest(problem, { fieldErrors: [{ path: "issuer", message: problem }] });
  const secret = input.clientSecret?.trim() || null;
  const endedSessions = await db.$transaction(async (tx) => {
    const before = await tx.ssoSettings.findUnique({ where: { id: 1 }, select: settingsSelect });
    if (!before && !secret) throw badRequest(SSO_SECRET_REQUIRED, { fieldErrors: [{ path: "clientSecret", message: SSO_SECRET_REQUIRED }] });
    if (input.breakGlassUserId) {
      const admin = await tx.user.findUnique({ where: { id: input.breakGlassUserId }, select: { role: true, isActive: true } });
      // The break-glass account can turn SSO off again: it must hold the permission that does.
      if (!admin || !can(admin.role, "sso.manage") || !admin.isActive) {
        const message = "The break-glass account must be an active administrator";
        throw badRequest(message, { fieldErrors: [{ path: "breakGlassUserId", message }] });
      }
    }
    const data = {
      preset: input.preset,
      issuer: input.issuer,
      clientId: input.clientId,
      enabled: input.enabled,
      requireSso: input.requireSso,
      breakGlassUserId: input.breakGlassUserId,
      updatedAt: new Date(),
      ...(secret ? { clientSecretCiphertext: sealSecret(secret), clientSecretHint: secret.slice(0, SECRET_HINT_LENGTH) } : {}),
    };
    if (before) {
      await tx.ssoSettings.update({ where: { id: 1 }, data });
    } else {
      // Two first saves at once: an upsert (INSERT ... ON CONFLICT), so the second updates instead of failing.
      const sealed = { clientSecretCiphertext: sealSecret(secret!), clientSecretHint: secret!.slice(0, SECRET_HINT_LENGTH) };
      await tx.ssoSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data, ...sealed }, update: { ...data, ...sealed } });
    }
    const ended = input.enabled && input.requireSso ? await enforceSsoRequirement(tx, input.breakGlassUserId) : 0;
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "sso.configure",
      entityType: "sso_settings",
      entityId: "sso",
      before: before ? { preset: before.preset, issuer: before.issuer, clientId: before.clientId, enabled: before.enabled, requireSso: before.requireSso, breakGlassUserId: before.breakGlassUserId } : null,
      after: { preset: input.preset, issuer: input.issuer, clientId: input.clientId, enabled: input.enabled, requireSso: input.requireSso, breakGlassUserId: input.breakGlassUserId, clientSecretChanged: Boolean(secret) },
      ...(ended > 0 ? { metadata: { endedSessions: ended } } : {}),
    });
    return ended;
  });
  forgetDiscovery();
  return { ...(await getSsoSettings()), endedSessions };
}

/**
 * Runs after the settings row is written (its row lock orders this against createAuthSession's
 * FOR SHARE read). Ends the sessions not made by SSO, except the break-glass administrator's,
 * and caps the SSO-made ones at SSO_REQUIRED_SESSION_TTL_MS from now. The request path needs no
 * new check: the session row's revoked_at and expires_at, which it already reads, say it all.
 */
async function enforceSsoRequirement(tx: Prisma.TransactionClient, breakGlassUserId: string | null): Promise<number> {
  const at = now();
  const ended = await tx.authSession.updateMany({
    where: { revokedAt: null, expiresAt: { gt: at }, signInMethod: { not: "sso" }, ...(breakGlassUserId ? { userId: { not: breakGlassUserId } } : {}) },
    data: { revokedAt: at },
  });
  const bound = addMs(at, SSO_REQUIRED_SESSION_TTL_MS);
  await tx.authSession.updateMany({ where: { revokedAt: null, signInMethod: "sso", expiresAt: { gt: bound } }, data: { expiresAt: bound } });
  return ended.count;
}

/** Open sessions not made by single sign-on (all members'); the candidates list has each admin's. */
function countNonSsoSessions(client: Db): Promise<number> {
  return client.authSession.count({ where: { revokedAt: null, expiresAt: { gt: now() }, signInMethod: { not: "sso" } } });
}

/** What the sign-in flow needs, with the secret opened; null while single sign-on is off. */
export interface SsoConfig {
  preset: SsoPreset;
  issuer: string;
  clientId: string;
  clientSecret: string;
  requireSso: boolean;
  breakGlassUserId: string | null;
  providerName: string;
}

export async function loadSsoConfig(): Promise<SsoConfig | null> {
  const row = await db.ssoSettings.findUnique({ where: { id: 1 } });
  if (!row?.enabled) return null;
  const preset = row.preset as SsoPreset;
  return {
    preset,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: openSecret(row.clientSecretCiphertext),
    requireSso: row.requireSso,
    breakGlassUserId: row.breakGlassUserId,
    providerName: SSO_PRESET_LABELS[preset],
  };
}

/** For the sign-in page: the provider's name for "Sign in with <name>", or null when SSO is off. */
export async function getSsoButton(): Promise<{ providerName: string; required: boolean } | null> {
  const row = await db.ssoSettings.findUnique({ where: { id: 1 }, select: { enabled: true, preset: true, requireSso: true } });
  if (!row?.enabled) return null;
  return { providerName: SSO_PRESET_LABELS[row.preset as SsoPreset], required: row.requireSso };
}

/**
 * When the admin requires SSO: the provider's name for the refusal, unless `userId` is the
 * break-glass administrator (or SSO is not required). One indexed read by primary key.
 */
export async function passwordSignInRefusal(userId: string | null): Promise<string | null> {
  const row = await db.ssoSettings.findUnique({ where: { id: 1 }, select: { enabled: true, requireSso: true, preset: true, breakGlassUserId: true } });
  if (!row?.enabled || !row.requireSso) return null;
  if (userId && row.breakGlassUserId === userId) return null;
  return SSO_PRESET_LABELS[row.preset as SsoPreset];
}

/**
 * The active administrators, for the break-glass choice (a handful: no paging needed, capped
 * anyway), each with their open sessions not made by SSO, which requiring SSO keeps for them.
 */
export async function listBreakGlassCandidates(): Promise<Array<{ id: string; name: string; email: string; nonSsoSessions: number }>> {
  const at = now();
  const admins = await db.user.findMany({
    where: { role: "admin", isActive: true },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      email: true,
      _count: { select: { sessions: { where: { revokedAt: null, expiresAt: { gt: at }, signInMethod: { not: "sso" } } } } },
    },
    orderBy: [{ firstName: "asc" }, { lastName: "asc" }],
    take: 200,
  });
  return admins.map((admin) => ({ id: admin.id, name: `${admin.firstName} ${admin.lastName}`.trim(), email: admin.email, nonSsoSessions: admin._count.sessions }));
}
