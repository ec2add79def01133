/**
 * The operation descriptor: one per API operation, the contract that everything else reads.
 *
 *   export const listTasks = defineOperation({
 *     method: "GET", path: "/api/tasks", summary: "List tasks",
 *     access: { permission: "tasks.read" },
 *     query: listTasksQuerySchema, response: taskListSchema,
 *   });
 *
 * Descriptors live in `lib/<domain>/contracts.ts` and are listed once in lib/openapi/operations.ts.
 * Readers:
 *  - route() (lib/http/route.ts) enforces `access`, parses the query and body with the schemas
 *    before the handler runs, and under tests checks the answer against `response`;
 *  - the OpenAPI document (lib/openapi/document.ts) is generated from the list;
 *  - tests: the authorization matrix and the fuzz run take their route lists from it, and
 *    tests/integration/api-keys/openapi.test.ts fails when a handler on disk has no descriptor or a
 *    descriptor no handler;
 *  - client hooks take their types from the response schemas (`z.infer`).
 *
 * Pure data: safe to import from client components (zod only, types of the permission table).
 */
import type { z } from "zod";
import type { ApiScope } from "@/lib/api-keys/scopes";
import type { Permission } from "@/lib/auth/permissions";
import type { UploadPolicy } from "@/lib/storage/types";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * The largest request body in bytes (413 above it), checked against Content-Length before the
 * caller is resolved. Default 1 MB, the JSON cap. An upload route raises the early check to its
 * whole multipart envelope (`maxUploadRequestBytes(policy)`, with the policy's own message) and
 * streams req.body through lib/storage's parser, which limits each file.
 */
interface AccessOptions {
  bodyLimitBytes?: number;
  bodyLimitMessage?: string;
  /**
   * The scope an API key needs here (lib/api-keys/scopes.ts). Leave it out: derived from the
   * permission's domain and the method. `null`: no key may call this route (cookie and mobile only).
   */
  apiKeyScope?: ApiScope | null;
  /**
   * A clinic user (docs/clinics.md) may call this operation although its permission is not a
   * "clinic." one: its own account (password, sessions, who it is). route() refuses a clinic
   * user on every other operation whose permission is not a clinic one (403), whatever the
   * permission table says.
   */
  clinic?: true;
  /**
   * A poll every open tab repeats all day (the punch status): route() writes its request line only
   * when the answer is an error or slow, not 300 lines a second of unchanged answers (docs/performance.md).
   */
  quietLog?: true;
}

/** Every operation says who may call it: a permission of lib/auth/permissions.ts, or `public`. */
export type RouteAccess = AccessOptions &
  (
    | {
        /** Signed-in callers whose role holds it; anyone else signed in gets 403. */
        permission: Permission;
        public?: never;
        /** Writable while the caller still has an administrator's temporary password (changing it). */
        duringPasswordChange?: boolean;
      }
    | {
        /** Anyone may call it; `caller` is resolved when present. */
        public: true;
        permission?: never;
        duringPasswordChange?: never;
      }
  );

/** Answers an operation may give besides success and the common 400/401/403/404/429: status -> when. */
export type OperationErrors = Partial<Record<409 | 410 | 413 | 415 | 422 | 423 | 429 | 503 | 504, string>>;

interface OperationBase {
  method: HttpMethod;
  /** As on disk: "/api/tasks/[id]". */
  path: `/api/${string}`;
  /** One line for the OpenAPI document. */
  summary: string;
  /** Longer text (Markdown). */
  description?: string;
  access: RouteAccess;
  /** Query string schema: route() parses it before the handler runs (400 naming the field). */
  query?: z.ZodType;
  /** JSON body schema: route() parses it before the handler runs (malformed or invalid -> 400). */
  body?: z.ZodType;
  /**
   * The body is multipart/form-data (uploads): route() streams it through lib/storage under
   * `policy` (typed by content, cut off at the size limit) and hands the handler the stored files
   * and the text fields (`upload`), never the request's body; it deletes the stored files again
   * when the handler fails. `body` documents the text fields and `files` the file fields.
   * `orJson`: the same `body` may come as application/json instead, without files (`upload` is
   * then null and the handler reads the JSON).
   */
  multipart?: { files: Record<string, FileField>; policy: UploadPolicy; orJson?: true };
  /** Success status (default 200). */
  status?: number;
  errors?: OperationErrors;
  /** Listed for coverage but left out of the OpenAPI document, with the reason (test hooks, framework routes). */
  internal?: string;
}

/** A file field of a multipart body: what it holds; `many`: one or more files under that name. */
export interface FileField {
  description: string;
  many?: true;
  required?: true;
}

/**
 * A JSON answer has its schema; a file answer names its media type instead, or every one it may
 * have (chosen by a query parameter such as `format`, or a stored file's own type, where a range
 * such as "image/*" may stand for a family of them).
 */
export type Operation = OperationBase &
  ({ response: z.ZodType; produces?: never } | { produces: string | readonly string[]; response?: never });

/** Keeps the literal types of the descriptor (its schemas and access) for route()'s context. */
export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}

export const isOperation = (value: unknown): value is Operation =>
  typeof value === "object" && value !== null && "method" in value && "path" in value && "access" in value && "summary" in value;

/** The media types a file answer may have, as a list (empty for a JSON answer). */
export const producedTypes = (op: Pick<Operation, "produces">): readonly string[] =>
  op.produces === undefined ? [] : typeof op.produces === "string" ? [op.produces] : op.produces;

/** Whether a Content-Type header is one of the operation's file types (a range such as image/* included). */
export function isProducedType(op: Pick<Operation, "produces">, contentType: string): boolean {
  const type = contentType.split(";")[0].trim().toLowerCase();
  return producedTypes(op).some((media) => media === type || media === "*/*" || (media.endsWith("/*") && type.startsWith(media.slice(0, -1))));
}

/** "GET /api/tasks/[id]": how tests and the document name an operation. */
export const operationKey = (op: Pick<Operation, "method" | "path">) => `${op.method} ${op.path}`;
