/**
 * The contracts hold: every exported handler on disk has exactly one operation descriptor
 * (lib/<domain>/contracts.ts, listed in lib/openapi/operations.ts) and every descriptor a handler;
 * each operation's auth and API key scope in the document are the descriptor's own; every
 * operation declares its answer; and real answers match the declared schemas.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { GET as openapiGet } from "@/app/api/openapi.json/route";
import { GET as listTasks, POST as createTaskHandler } from "@/app/api/tasks/route";
import { GET as getTask } from "@/app/api/tasks/[id]/route";
import { GET as punchStatus } from "@/app/api/auth/punch/status/route";
import { GET as listKeys, POST as createKey } from "@/app/api/admin/api-keys/route";
import { POST as rotateKey } from "@/app/api/admin/api-keys/[id]/rotate/route";
import { PATCH as patchKey } from "@/app/api/admin/api-keys/[id]/route";
import { operationKey, producedTypes, type Operation } from "@/lib/http/operation";
import { derivedAuth } from "@/lib/openapi/document";
import { apiOperations } from "@/lib/openapi/operations";
import { exportedMethods, filesNamed, routeUrlOf } from "@/tests/support/source-files";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { body, person, unitWith } from "../tasks/fixtures";

const APP = path.resolve(__dirname, "../../../app");
const docs = apiOperations();
const onDisk = filesNamed(path.join(APP, "api"), "route.ts").flatMap((file) =>
  exportedMethods(readFileSync(file, "utf8")).map((method) => ({ key: `${method} ${routeUrlOf(APP, file)}`, file, method })),
);
const handlerOf = async (op: Pick<Operation, "method" | "path">) =>
  ((await import(path.join(APP, op.path, "route.ts"))) as Record<string, { operation?: Operation } | undefined>)[op.method];

describe("every route handler on disk has its operation descriptor", () => {
  it("finds the handlers (sanity)", () => {
    expect(onDisk.length).toBeGreaterThan(60);
  });

  it("has a descriptor for every exported handler", () => {
    const described = new Set(docs.map(operationKey));
    expect(onDisk.map((r) => r.key).filter((key) => !described.has(key))).toEqual([]);
  });

  it("has no descriptor without a handler, and none twice", () => {
    const keys = docs.map(operationKey);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    const disk = new Set(onDisk.map((r) => r.key));
    expect(keys.filter((key) => !disk.has(key))).toEqual([]);
  });

  it("serves each descriptor from the handler at its path and method, through route()", async () => {
    const wrong: string[] = [];
    for (const op of docs) {
      if ((await handlerOf(op))?.operation !== op) wrong.push(operationKey(op));
    }
    expect(wrong).toEqual([]);
  });

  it("gives every descriptor a summary and an answer", () => {
    expect(docs.filter((d) => !d.summary.trim()).map(operationKey)).toEqual([]);
    expect(docs.filter((d) => !d.response && !d.produces).map(operationKey)).toEqual([]);
  });
});

describe("GET /api/openapi.json", () => {
  const testDb = useTestDatabase();
  void testDb;

  it("is an OpenAPI 3.1 document whose operations carry the handlers' auth and scopes", async () => {
    const res = await call(openapiGet, { path: "/api/openapi.json" });
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe("3.1.0");
    for (const entry of docs.filter((d) => !d.internal)) {
      const p = entry.path.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, "{$1}");
      const operation = doc.paths[p]?.[entry.method.toLowerCase()];
      expect([entry.method, p, !!operation]).toEqual([entry.method, p, true]);
      const auth = derivedAuth(entry);
      expect(operation["x-permission"]).toBe(auth.permission);
      const keyReq = operation.security.find((s: Record<string, string[]>) => "apiKey" in s);
      if (auth.public) expect(operation.security).toEqual([{}]);
      else if (auth.apiKeyScope === "none") expect(keyReq).toEqual({ apiKey: [] });
      else if (auth.apiKeyScope) expect(keyReq).toEqual({ apiKey: [auth.apiKeyScope] });
      else expect(keyReq).toBeUndefined();
    }
    // Examples of the derivation: the permission's domain and the method.
    expect(doc.paths["/api/tasks"].post["x-api-key-scope"]).toBe("tasks:write");
    expect(doc.paths["/api/tasks"].get["x-api-key-scope"]).toBe("tasks:read");
    expect(doc.paths["/api/organizational-units"].get["x-api-key-scope"]).toBe("organization:read");
    expect(doc.paths["/api/organizational-units"].post["x-api-key-scope"]).toBeNull();
    expect(doc.paths["/api/auth/change-password"].post["x-api-key-scope"]).toBeNull();
    expect(doc.paths["/api/auth/sessions"].get["x-api-key-scope"]).toBeNull();
    // Any valid key may ask whom it acts as.
    expect(doc.paths["/api/user"].get.security).toContainEqual({ apiKey: [] });
    expect(doc.paths["/api/user"].patch.security.find((s: Record<string, string[]>) => "apiKey" in s)).toBeUndefined();
    expect(doc.paths["/api/tasks"].post.requestBody.content["application/json"].schema.properties.title).toBeDefined();
    expect(doc.paths["/api/tasks/{id}"].get.responses["404"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
  });

  it("lists every media type a file answer may have, and every body an upload takes", async () => {
    const doc = (await call(openapiGet, { path: "/api/openapi.json" })).body;
    const at = (op: Operation) => doc.paths[op.path.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, "{$1}")][op.method.toLowerCase()];
    for (const op of docs.filter((d) => d.produces && !d.internal)) {
      const types = Object.keys(at(op).responses[String(op.status ?? 200)].content);
      expect([operationKey(op), types]).toEqual([operationKey(op), [...producedTypes(op)]]);
    }
    for (const op of docs.filter((d) => d.multipart && !d.internal)) {
      const content = at(op).requestBody.content;
      expect([operationKey(op), Object.keys(content)]).toEqual([operationKey(op), op.multipart?.orJson ? ["application/json", "multipart/form-data"] : ["multipart/form-data"]]);
      expect(Object.keys(content["multipart/form-data"].schema.properties)).toEqual(expect.arrayContaining(Object.keys(op.multipart?.files ?? {})));
    }
    // Every content key of the document is a media type (or a range of them).
    for (const operation of Object.values(doc.paths).flatMap((p) => Object.values(p as Record<string, { requestBody?: { content: object }; responses: Record<string, { content?: object }> }>))) {
      const media = [...Object.keys(operation.requestBody?.content ?? {}), ...Object.values(operation.responses).flatMap((r) => Object.keys(r.content ?? {}))];
      expect(media.filter((m) => !/^[a-z]+\/[a-z0-9.+*-]+$/.test(m))).toEqual([]);
    }

    // GET /api/time/logs/export answers CSV or PDF by `format`; POST /api/beta-issues takes JSON,
    // or multipart with the same fields (environment as a JSON part) plus the files.
    expect(Object.keys(doc.paths["/api/time/logs/export"].get.responses["200"].content)).toEqual(["text/csv", "application/pdf"]);
    const report = doc.paths["/api/beta-issues"].post.requestBody.content;
    expect(report["application/json"].schema.properties.attachments).toBeUndefined();
    expect(report["application/json"].schema.required).toEqual(["title", "description", "issueType"]);
    expect(report["multipart/form-data"].schema.properties).toMatchObject({ title: { type: "string" }, attachments: { type: "array", items: { type: "string", format: "binary" } } });
    expect(report["multipart/form-data"].schema.required).toEqual(["title", "description", "issueType"]);
    expect(report["multipart/form-data"].encoding).toEqual({ environment: { contentType: "application/json" } });
    expect(doc.paths["/api/agent/chat/upload"].post.requestBody.content["multipart/form-data"].schema).toMatchObject({ properties: { file: { type: "string", format: "binary" } }, required: ["file"] });
  });

  it("matches real answers against the declared schemas (ajv)", async () => {
    const doc = (await call(openapiGet, { path: "/api/openapi.json" })).body;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const schemaOf = (p: string, method: string, status: string) => {
      const schema = doc.paths[p][method].responses[status].content["application/json"].schema;
      expect(Object.keys(schema).length).toBeGreaterThan(0);
      return ajv.compile({ ...schema, $defs: schema.$defs });
    };
    const check = (validate: ReturnType<typeof ajv.compile>, value: unknown) => {
      const ok = validate(value);
      expect(validate.errors ?? []).toEqual([]);
      expect(ok).toBe(true);
    };
    const errorSchema = ajv.compile(doc.components.schemas.Error);

    const admin = await person(testDb.prisma, "admin");
    const unit = await unitWith(testDb.prisma, admin.id);
    const created = await call(createTaskHandler, { method: "POST", path: "/api/tasks", headers: admin.headers, body: body(unit.id, { checklist: ["One"] }) });
    expect(created.status).toBe(201);
    check(schemaOf("/api/tasks", "post", "201"), created.body);
    check(schemaOf("/api/tasks/{id}", "get", "200"), (await call(getTask, { path: `/api/tasks/${created.body.id}`, headers: admin.headers, params: { id: created.body.id } })).body);
    check(schemaOf("/api/tasks", "get", "200"), (await call(listTasks, { path: "/api/tasks", headers: admin.headers })).body);
    check(schemaOf("/api/auth/punch/status", "get", "200"), (await call(punchStatus, { path: "/api/auth/punch/status", headers: admin.headers })).body);

    const key = await call(createKey, {
      method: "POST",
      path: "/api/admin/api-keys",
      headers: admin.headers,
      body: { name: "Website form", scopes: ["tasks:write"], actingUserId: admin.id },
    });
    expect(key.status).toBe(201);
    check(schemaOf("/api/admin/api-keys", "post", "201"), key.body);
    check(schemaOf("/api/admin/api-keys", "get", "200"), (await call(listKeys, { path: "/api/admin/api-keys", headers: admin.headers })).body);
    const id = key.body.key.id;
    check(schemaOf("/api/admin/api-keys/{id}", "patch", "200"), (await call(patchKey, { method: "PATCH", path: `/api/admin/api-keys/${id}`, headers: admin.headers, params: { id }, body: { name: "Renamed" } })).body);
    check(schemaOf("/api/admin/api-keys/{id}/rotate", "post", "200"), (await call(rotateKey, { method: "POST", path: `/api/admin/api-keys/${id}/rotate`, headers: admin.headers, params: { id }, body: {} })).body);

    // Errors are the flat body the document declares.
    const denied = await call(createTaskHandler, { method: "POST", path: "/api/tasks", headers: { authorization: `Bearer ${key.body.secret}` }, body: {} });
    expect(denied.status).toBe(401); // the rotated-away secret
    check(errorSchema, denied.body);
    const invalid = await call(createTaskHandler, { method: "POST", path: "/api/tasks", headers: admin.headers, body: {} });
    expect(invalid.status).toBe(400);
    check(errorSchema, invalid.body);
  });
});
