import { op, type RouteDoc } from "../describe";
import { apiKeyListSchema, apiKeySchema, apiKeySecretSchema } from "@/lib/validations/api-keys";
import { createApiKeySchema, listApiKeysQuerySchema, rotateApiKeySchema, updateApiKeySchema } from "@/lib/validations/api-keys";
import { deletedTasksQuerySchema } from "@/lib/validations/tasks";
import * as adminApiKeysIdRotate from "@/app/api/admin/api-keys/[id]/rotate/route";
import * as adminApiKeysId from "@/app/api/admin/api-keys/[id]/route";
import * as adminApiKeys from "@/app/api/admin/api-keys/route";
import * as adminDeletedTasks from "@/app/api/admin/deleted-tasks/route";

export const adminDocs = (): RouteDoc[] => [
  op("POST /api/admin/api-keys/[id]/rotate", adminApiKeysIdRotate.POST, "Rotate an API key's secret", { body: rotateApiKeySchema, response: apiKeySecretSchema }),
  op("PATCH /api/admin/api-keys/[id]", adminApiKeysId.PATCH, "Rename an API key or change its scopes", { body: updateApiKeySchema, response: apiKeySchema }),
  op("DELETE /api/admin/api-keys/[id]", adminApiKeysId.DELETE, "Revoke an API key"),
  op("GET /api/admin/api-keys", adminApiKeys.GET, "List API keys", { query: listApiKeysQuerySchema, response: apiKeyListSchema }),
  op("POST /api/admin/api-keys", adminApiKeys.POST, "Create an API key", { body: createApiKeySchema, response: apiKeySecretSchema, status: 201 }),
  op("GET /api/admin/deleted-tasks", adminDeletedTasks.GET, "List deleted tasks", { query: deletedTasksQuerySchema }),
];
