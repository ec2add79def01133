/**
 * The API keys' operations (lib/http/operation.ts): one descriptor each, read by the handlers in
 * app/api/admin/api-keys, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import {
  apiKeyListSchema,
  apiKeySchema,
  apiKeySecretSchema,
  createApiKeySchema,
  listApiKeysQuerySchema,
  rotateApiKeySchema,
  updateApiKeySchema,
} from "@/lib/validations/api-keys";

export const listApiKeys = defineOperation({
  method: "GET",
  path: "/api/admin/api-keys",
  summary: "List API keys",
  access: { permission: "api-keys.manage" },
  query: listApiKeysQuerySchema,
  response: apiKeyListSchema,
});

export const createApiKey = defineOperation({
  method: "POST",
  path: "/api/admin/api-keys",
  summary: "Create an API key",
  description: "Answers with the secret this once; only its hash is stored.",
  access: { permission: "api-keys.manage" },
  body: createApiKeySchema,
  response: apiKeySecretSchema,
  status: 201,
});

export const updateApiKey = defineOperation({
  method: "PATCH",
  path: "/api/admin/api-keys/[id]",
  summary: "Rename an API key or change its scopes",
  access: { permission: "api-keys.manage" },
  body: updateApiKeySchema,
  response: apiKeySchema,
});

export const revokeApiKey = defineOperation({
  method: "DELETE",
  path: "/api/admin/api-keys/[id]",
  summary: "Revoke an API key",
  description: "The key is refused from the next request on; the row stays, for the list and the audit. Revoking it again changes nothing.",
  access: { permission: "api-keys.manage" },
  response: apiKeySchema,
});

export const rotateApiKey = defineOperation({
  method: "POST",
  path: "/api/admin/api-keys/[id]/rotate",
  summary: "Rotate an API key's secret",
  description: "A new secret, shown once; the old one works for the optional grace period.",
  access: { permission: "api-keys.manage" },
  body: rotateApiKeySchema,
  response: apiKeySecretSchema,
  errors: { 409: "The key is not active (revoked, expired or its acting member disabled)" },
});
