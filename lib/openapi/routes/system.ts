import { op, type RouteDoc } from "../describe";
import * as openapi from "@/app/api/openapi.json/route";
import { okSchema } from "@/lib/validations/common";
import { runJobBodySchema } from "@/lib/validations/recurrence";
import * as path from "@/app/api/[...path]/route";
import * as health from "@/app/api/health/route";
import * as ready from "@/app/api/ready/route";
import * as testHooksJobsName from "@/app/api/test-hooks/jobs/[name]/route";

export const systemDocs = (): RouteDoc[] => [
  op("GET /api/[...path]", path.GET, "Unknown /api path (404)", { internal: "the 404 answer for every unknown /api path" }),
  op("POST /api/[...path]", path.POST, "Unknown /api path (404)", { internal: "the 404 answer for every unknown /api path" }),
  op("PUT /api/[...path]", path.PUT, "Unknown /api path (404)", { internal: "the 404 answer for every unknown /api path" }),
  op("PATCH /api/[...path]", path.PATCH, "Unknown /api path (404)", { internal: "the 404 answer for every unknown /api path" }),
  op("DELETE /api/[...path]", path.DELETE, "Unknown /api path (404)", { internal: "the 404 answer for every unknown /api path" }),
  op("GET /api/openapi.json", openapi.GET, "This OpenAPI document"),
  op("GET /api/health", health.GET, "Liveness", { response: okSchema }),
  op("GET /api/ready", ready.GET, "Readiness"),
  op("POST /api/test-hooks/jobs/[name]", testHooksJobsName.POST, "Run a background job (tests only)", { body: runJobBodySchema, internal: "enabled only where ENABLE_TEST_HOOKS allows it" }),
];
