/**
 * The rule that keeps hostile text out, checked on every operation descriptor
 * (lib/openapi/operations.ts) without a request:
 *  - every string a request's body or query can carry goes through the shared text schemas
 *    (lib/validations/text.ts: no NUL or other control character, no lone surrogate; single-line
 *    text no CR/LF either), or has a closed format (a uuid, an e-mail, an ISO date, an anchored
 *    pattern of listed characters), or is listed in ALLOWED_STRINGS with the reason;
 *  - every `[name]` of every path has its parser in lib/http/path-params.ts, which route() runs
 *    before the handler.
 * A new descriptor with a plain z.string() field, or a path with a new parameter name, fails here.
 */
import type { z } from "zod";
import { hasMalformedEscape, PATH_PARAMS, pathParamNames, parsePathParams } from "@/lib/http/path-params";
import { operationKey } from "@/lib/http/operation";
import { apiOperations } from "@/lib/openapi/operations";
import { isSharedTextCheck } from "@/lib/validations/text";

/** Strings that may hold any character, and why. Keyed "METHOD /path body|query.field". */
const ALLOWED_STRINGS: Record<string, string> = {
  "POST /api/login body.password": "a password is hashed, never stored or shown: any character is part of it",
  "POST /api/register body.password": "a password is hashed, never stored or shown",
  "POST /api/auth/change-password body.currentPassword": "a password is hashed, never stored or shown",
  "POST /api/auth/change-password body.newPassword": "a password is hashed, never stored or shown",
  "POST /api/auth/password-reset/confirm body.password": "a password is hashed, never stored or shown",
  "POST /api/members body.temporaryPassword": "a password is hashed, never stored or shown",
  // lib/money's moneyField: the text only reaches parseMoney, which keeps nothing but /^\d{1,12}(\.\d{1,2})?$/ (else a 400 naming the field); cents are stored, never the text.
  "POST /api/members/[id]/pay-rates body.amount": "an amount: parsed to integer cents by lib/money, the text is never stored",
  "PATCH /api/pay-rates/[id] body.amount": "an amount: parsed to integer cents by lib/money, the text is never stored",
  "POST /api/cases/[number]/charges body.amount": "an amount: parsed to integer cents by lib/money, the text is never stored",
  "POST /api/billing/price-lists body.items[].price": "an amount: parsed to integer cents by lib/money, the text is never stored",
  "POST /api/billing/payments body.amount": "an amount: parsed to integer cents by lib/money, the text is never stored",
  "PUT /api/billing/settings body.serviceTaxRate": "a tax rate: parsed to thousandths of a percent, the text is never stored",
  "PUT /api/billing/settings body.optionTaxRate": "a tax rate: parsed to thousandths of a percent, the text is never stored",
  "PUT /api/billing/settings body.merchandiseTaxRate": "a tax rate: parsed to thousandths of a percent, the text is never stored",
};

/** zod string formats whose own pattern admits no control character, surrogate or line break. */
const CLOSED_FORMATS = new Set(["uuid", "guid", "email", "datetime", "date", "time", "duration", "cuid", "cuid2", "ulid", "nanoid", "base64", "base64url", "e164", "ipv4", "ipv6", "cidrv4", "cidrv6", "jwt", "hex"]);

/** A regex check that admits only listed characters: anchored at both ends, with no `.`, negated class or \S \W \D \P escape. */
const isClosedPattern = (pattern: RegExp) => {
  const source = pattern.source;
  return source.startsWith("^") && source.endsWith("$") && !/(^|[^\\])\.|\[\^|\\[SWDP]/.test(source);
};

type Schema = z.core.$ZodType;
interface StringDef {
  format?: string;
  checks?: Array<{ _zod: { def: { check: string; format?: string; pattern?: RegExp; fn?: unknown } } }>;
}

function isSafeString(def: StringDef): boolean {
  if (def.format && CLOSED_FORMATS.has(def.format)) return true;
  return (def.checks ?? []).some(({ _zod: { def: check } }) => {
    if (check.check === "custom") return isSharedTextCheck(check.fn);
    if (check.check === "string_format" && check.format && CLOSED_FORMATS.has(check.format)) return true;
    return check.check === "string_format" && check.format === "regex" && check.pattern instanceof RegExp && isClosedPattern(check.pattern);
  });
}

/** Every string schema a value can pass through on its way in, with its path ("body.layouts[].name"). */
function unsafeStrings(schema: Schema, at: string, out: string[], seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (inner: unknown, where = at) => unsafeStrings(inner as Schema, where, out, seen);
  switch (def.type) {
    case "string":
      if (!isSafeString(def as StringDef)) out.push(at);
      break;
    case "object":
      for (const [key, value] of Object.entries(def.shape as Record<string, Schema>)) walk(value, `${at}.${key}`);
      if (def.catchall) walk(def.catchall, `${at}.*`);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      walk(def.innerType);
      break;
    case "pipe":
      walk(def.in);
      walk(def.out);
      break;
    case "array":
      walk(def.element, `${at}[]`);
      break;
    case "set":
      walk(def.valueType, `${at}[]`);
      break;
    case "union":
      for (const option of def.options as Schema[]) walk(option);
      break;
    case "intersection":
      walk(def.left);
      walk(def.right);
      break;
    case "record":
    case "map":
      walk(def.keyType, `${at}{key}`);
      walk(def.valueType, `${at}{}`);
      break;
    case "tuple":
      (def.items as Schema[]).forEach((item, i) => walk(item, `${at}[${i}]`));
      if (def.rest) walk(def.rest, `${at}[]`);
      break;
    case "lazy":
      walk((def.getter as () => Schema)());
      break;
    case "number":
    case "int":
    case "boolean":
    case "bigint":
    case "date":
    case "enum":
    case "literal":
    case "null":
    case "undefined":
    case "void":
    case "nan":
    case "never":
    case "transform":
    case "custom":
    case "unknown":
    case "any":
      break;
    default:
      out.push(`${at} (a ${def.type} schema this test does not know: teach it)`);
  }
  return out;
}

const OPERATIONS = apiOperations();

describe("every text field of every request goes through the shared text schemas", () => {
  it("no body or query string outside them, except the listed ones", () => {
    const found: string[] = [];
    for (const op of OPERATIONS) {
      for (const part of ["body", "query"] as const) {
        const schema = op[part];
        if (schema) found.push(...unsafeStrings(schema as Schema, `${operationKey(op)} ${part}`, []));
      }
    }
    expect(found.filter((field) => !(field in ALLOWED_STRINGS))).toEqual([]);
    // A listed field that no longer exists (or became safe) leaves the list.
    expect(Object.keys(ALLOWED_STRINGS).filter((field) => !found.includes(field))).toEqual([]);
  });

  it("the walk sees what it must: a plain z.string() is caught, the shared schemas and closed formats pass", async () => {
    const { z: zod } = await import("zod");
    const { multilineText, text } = await import("@/lib/validations/text");
    const schema = zod.object({
      plain: zod.string().trim().max(10),
      refined: zod.string().refine((value) => value.length > 0),
      nested: zod.array(zod.object({ inner: zod.string().optional() })),
      loose: zod.string().regex(/^.+$/),
      name: text().trim().min(1),
      notes: multilineText().nullish(),
      id: zod.uuid(),
      day: zod.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      tags: zod.union([text(), zod.array(text())]),
    });
    expect(unsafeStrings(schema, "body", [])).toEqual(["body.plain", "body.refined", "body.nested[].inner", "body.loose"]);
  });
});

describe("every path parameter is parsed by lib/http/path-params.ts", () => {
  it("each parameter name of each operation's path has its parser", () => {
    const names = new Set(OPERATIONS.flatMap((op) => pathParamNames(op.path)));
    expect([...names].filter((name) => !(name in PATH_PARAMS)).sort()).toEqual([]);
  });

  it.each([
    ["/api/cases/[number]", { number: "%" }, true],
    ["/api/cases/[number]", { number: "C-2026-00042" }, true],
    ["/api/cases/[number]", { number: "\u0000" }, false],
    ["/api/cases/[number]", { number: "T-1\r\n" }, false],
    ["/api/cases/[number]/events/[seq]/file", { number: "C-2026-00042", seq: "2147483647" }, true],
    ["/api/cases/[number]/events/[seq]/file", { number: "C-2026-00042", seq: "99999999999" }, false],
    ["/api/cases/[number]/events/[seq]/file", { number: "C-2026-00042", seq: "007" }, false],
    ["/api/tasks/[id]", { id: "00000000-0000-4000-8000-000000000000" }, true],
    ["/api/tasks/[id]", { id: "not-a-uuid" }, false],
    ["/api/tasks/[id]", { id: "\ud800" }, false],
    ["/api/statistics/[panel]", { panel: "hours" }, true],
    ["/api/statistics/[panel]", { panel: "../x" }, false],
    ["/api/[...path]", { path: ["a", "b"] }, true],
    ["/api/[...path]", { path: ["a\u0000"] }, false],
  ])("%s %j: parsed %s", (path, params, ok) => {
    expect(parsePathParams(path, params).ok).toBe(ok);
  });

  it.each([
    ["/api/cases/%25", false],
    ["/api/cases/%25zz", false],
    ["/api/cases/C-2026-00042?q=%E0%A4%A", false],
    ["/api/cases/%E0%A4%A", true],
    ["/api/cases/%ED%A0%80", true],
    ["/api/cases/%zz", true],
    ["/c/%", true],
  ])("the server refuses the raw path %s before the router: %s", (raw, malformed) => {
    expect(hasMalformedEscape(raw)).toBe(malformed);
  });

  it("a segment that names nothing gets its resource's 404 message", () => {
    expect(parsePathParams("/api/cases/[number]/events/[seq]/file", { number: "C-2026-00042", seq: "0" })).toEqual({ ok: false, message: "File not found" });
    expect(parsePathParams("/api/cases/[number]/events/[seq]/file", { number: "\u0000", seq: "1" })).toEqual({ ok: false, message: "Case not found" });
    expect(parsePathParams("/api/tasks/[id]", { id: "x" })).toEqual({ ok: false, message: "Task not found" });
    expect(parsePathParams("/api/agent/chat/sessions/[id]", { id: "x" })).toEqual({ ok: false, message: "Conversation not found" });
    expect(parsePathParams("/api/cases/[number]/events/[seq]/file", { number: "C-2026-00042", seq: "12" })).toEqual({ ok: true, params: { number: "C-2026-00042", seq: 12 } });
  });
});
