import { z } from "zod";
import { API_SCOPE_LABELS, API_SCOPES, scopeForRoute } from "@/lib/api-keys/scopes";
import { PERMISSIONS, type Permission } from "@/lib/auth/permissions";
import { producedTypes, type FileField, type Operation } from "@/lib/http/operation";
import { pathParamSchema } from "@/lib/http/path-params";
import { aliasesOf } from "@/lib/http/query-aliases";
import { errorBodySchema } from "@/lib/validations/common";

/**
 * The OpenAPI 3.1 document, generated from the operation descriptors (lib/openapi/operations.ts):
 * public or the permission (and the roles holding it), the API key scope derived from that
 * (lib/api-keys/scopes.ts), and the request and answer shapes as the descriptors' own zod schemas
 * through zod 4's JSON Schema output (draft 2020-12, OpenAPI 3.1's dialect).
 */
type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const json = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any", cycles: "ref", reused: "inline" }) as JsonSchema;
  delete json.$schema;
  return json;
};

/** A file's bytes, in an answer or a multipart part. */
const BINARY: JsonSchema = { type: "string", format: "binary" };

const ERROR_RESPONSES: Record<string, string> = {
  "400": "Invalid input: `{ message, code: \"BAD_REQUEST\" }`",
  "401": "Not signed in, or the credential (cookie, token, API key) was refused: revoked, expired, deactivated member",
  "403": "Signed in but not allowed; for an API key also a missing scope (`missingScope`) or a route closed to keys",
  "404": "Not there, or not visible to the caller",
  "429": "Rate limited (API keys: the key's per-minute limit); see the Retry-After header",
};

/** "/api/tasks/[id]" -> "/api/tasks/{id}" and its path parameters. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const out = path.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: out, params };
}

export interface DerivedAuth {
  public: boolean;
  permission: string | null;
  roles: string[];
  /** The scope an API key needs; null: no key may call the route; "none": public. */
  apiKeyScope: string | null;
}

export function derivedAuth(doc: Pick<Operation, "access" | "method">): DerivedAuth {
  const access = doc.access;
  const permission = access.permission ?? null;
  return {
    public: !!access.public,
    permission,
    roles: permission ? [...(PERMISSIONS[permission as Permission] ?? [])] : [],
    apiKeyScope: scopeForRoute(access, doc.method),
  };
}

const tagOf = (path: string) => {
  const seg = path.split("/")[2] ?? "api";
  return seg.startsWith("[") ? "system" : seg;
};

/**
 * A request body's media types: JSON with the body schema; an upload as multipart/form-data with
 * the body's fields plus its files (a field holding an object is a JSON part), and also as JSON
 * when the descriptor takes either.
 */
function requestContent(doc: Operation): JsonSchema | undefined {
  const fields = doc.body ? toSchema(doc.body, "input") : undefined;
  if (!doc.multipart) return fields && { "application/json": { schema: fields } };
  const objects = Object.entries((fields?.properties as Record<string, JsonSchema> | undefined) ?? {}).filter(([, schema]) => schema.type === "object");
  const form: JsonSchema = { schema: withFiles(fields ?? { type: "object" }, doc.multipart.files) };
  if (objects.length) form.encoding = Object.fromEntries(objects.map(([name]) => [name, { contentType: "application/json" }]));
  return { ...(doc.multipart.orJson && fields ? { "application/json": { schema: fields } } : {}), "multipart/form-data": form };
}

/** The multipart form: the text fields, then each file field as binary (an array of them for `many`). */
function withFiles(fields: JsonSchema, files: Record<string, FileField>): JsonSchema {
  const properties = { ...(fields.properties as Record<string, JsonSchema> | undefined) };
  const required = [...((fields.required as string[] | undefined) ?? [])];
  for (const [name, file] of Object.entries(files)) {
    properties[name] = file.many ? { type: "array", items: BINARY, description: file.description } : { ...BINARY, description: file.description };
    if (file.required) required.push(name);
  }
  return { ...fields, properties, ...(required.length ? { required } : {}) };
}

export function buildOpenApiDocument(docs: Operation[]): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of docs) {
    if (doc.internal) continue;
    const { path, params } = openApiPath(doc.path);
    const auth = derivedAuth(doc);
    // Each segment as lib/http/path-params.ts parses it (a catch-all's segments stay plain strings here).
    const parameters: JsonSchema[] = params.map((name) => ({ name, in: "path", required: true, schema: doc.path.includes(`[...${name}]`) ? { type: "string" } : toSchema(pathParamSchema(name), "input") }));
    if (doc.query) {
      const q = toSchema(doc.query, "input");
      const required = new Set((q.required as string[] | undefined) ?? []);
      const properties = (q.properties as Record<string, JsonSchema> | undefined) ?? {};
      for (const [name, schema] of Object.entries(properties)) {
        parameters.push({ name, in: "query", required: required.has(name), schema });
      }
      // Other names route() accepts for a parameter (lib/http/query-aliases.ts).
      for (const [alias, target] of aliasesOf(doc.query)) {
        if (properties[target]) parameters.push({ name: alias, in: "query", required: false, description: `Another name for \`${target}\` (send one of them).`, schema: properties[target] });
      }
    }
    const status = String(doc.status ?? 200);
    const success: JsonSchema = { description: "Success" };
    if (doc.produces) success.content = Object.fromEntries(producedTypes(doc).map((media) => [media, { schema: BINARY }]));
    else success.content = { "application/json": { schema: doc.response ? toSchema(doc.response, "output") : {} } };
    const responses: Record<string, unknown> = { [status]: success };
    for (const [code, description] of Object.entries(doc.errors ?? {})) {
      responses[code] = { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
    }
    for (const [code, description] of Object.entries(ERROR_RESPONSES)) {
      if (auth.public && (code === "401" || code === "403")) continue;
      responses[code] = { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
    }
    const security = auth.public
      ? [{}]
      : [{ session: [] }, { bearerToken: [] }, ...(auth.apiKeyScope ? [{ apiKey: auth.apiKeyScope === "none" ? [] : [auth.apiKeyScope] }] : [])];
    const keyNote = auth.public
      ? "Public."
      : auth.apiKeyScope === "none"
        ? `Permission \`${auth.permission}\` (${auth.roles.join(", ")}); any valid API key, whatever its scopes.`
        : auth.apiKeyScope
          ? `Permission \`${auth.permission}\` (${auth.roles.join(", ")}); API keys need the \`${auth.apiKeyScope}\` scope.`
          : `Permission \`${auth.permission}\` (${auth.roles.join(", ")}); not open to API keys.`;
    const operation: JsonSchema = {
      operationId: `${doc.method.toLowerCase()}${path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      summary: doc.summary,
      description: [doc.description, keyNote].filter(Boolean).join("\n\n"),
      tags: [tagOf(doc.path)],
      parameters: parameters.length ? parameters : undefined,
      security,
      "x-permission": auth.permission,
      "x-roles": auth.roles,
      "x-api-key-scope": auth.apiKeyScope === "none" ? null : auth.apiKeyScope,
      responses,
    };
    const content = requestContent(doc);
    if (content) operation.requestBody = { required: true, content };
    (paths[path] ??= {})[doc.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "BFS Tasks API",
      version: "1.0.0",
      description:
        "Send an API key as `Authorization: Bearer bfs_<prefix>_<secret>` (created at /admin/api). A key acts as its acting member (that member's role and visibility), " +
        "limited to its scopes. Errors are flat JSON: `{ message, code, ...details }`.\n\nScopes: " +
        API_SCOPES.map((s) => `\`${s}\` (${API_SCOPE_LABELS[s]})`).join(", ") +
        ".",
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      schemas: { Error: toSchema(errorBodySchema, "output") },
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "next-auth.session-token", description: "The browser session (same origin only)." },
        bearerToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The mobile app's access token (POST /api/login with client: mobile)." },
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "bfs_<prefix>_<secret>",
          description: "An integration's API key; the security requirement lists the scope it needs. Never accepted by cookie-only routes (sign-in, password, sessions).",
        },
      },
    },
  };
}
