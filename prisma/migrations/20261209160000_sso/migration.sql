-- Single sign-on with OpenID Connect (docs/auth.md "Single sign-on"): the company's provider
-- (one row; the client secret sealed with the app's key) and each member's linked identity.
CREATE TABLE "sso_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "preset" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_secret_ciphertext" TEXT NOT NULL,
    "client_secret_hint" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "require_sso" BOOLEAN NOT NULL DEFAULT false,
    "break_glass_user_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sso_settings_one_row" CHECK ("id" = 1),
    CONSTRAINT "sso_settings_preset" CHECK ("preset" IN ('google', 'microsoft', 'generic')),
    -- Requiring SSO without a break-glass admin would lock everyone out when the provider is down.
    CONSTRAINT "sso_settings_break_glass" CHECK (NOT "require_sso" OR ("enabled" AND "break_glass_user_id" IS NOT NULL))
);
ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_break_glass_user_id_fkey" FOREIGN KEY ("break_glass_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "sso_identities" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_identities_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "sso_identities_issuer_subject_key" ON "sso_identities"("issuer", "subject");
CREATE UNIQUE INDEX "sso_identities_user_id_issuer_key" ON "sso_identities"("user_id", "issuer");
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
