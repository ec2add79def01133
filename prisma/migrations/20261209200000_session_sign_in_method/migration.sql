-- How each session was made (docs/auth.md "Requiring SSO"): a password (web or mobile, see
-- client_type) or single sign-on. Requiring SSO ends every session not made by SSO, except the
-- break-glass administrator's, and keeps SSO-made sessions short.
CREATE TYPE "SignInMethod" AS ENUM ('password', 'sso');

ALTER TABLE "auth_sessions" ADD COLUMN "sign_in_method" "SignInMethod" NOT NULL DEFAULT 'password';

-- Sessions opened by single sign-on before this column existed: their sign-in is in the audit log.
UPDATE "auth_sessions" s
   SET "sign_in_method" = 'sso'
  FROM "audit_logs" a
 WHERE a."action" = 'auth.login'
   AND a."metadata"->>'via' = 'sso'
   AND a."metadata"->>'sessionId' = s."id"::text;
