/**
 * Permissions are data (lib/auth/permissions.ts): every route declares one (or `public`), and
 * nothing outside the table (and lib/auth/roles.ts, the roles it is built on) compares a role with "admin".
 */
import path from "node:path";
import { can, PERMISSIONS, PRINCIPAL_ROLES, type Permission } from "@/lib/auth/permissions";
import { route } from "@/lib/http/route";
import { ROOT, sourceFiles } from "@/tests/support/source-files";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
// next-auth's own endpoints (/api/auth/session, /csrf ...) are its handler, not ours.
const NEXT_AUTH = path.join("app", "api", "auth", "[...nextauth]", "route.ts");
const routeFiles = sourceFiles("app/api").filter(({ file }) => file.endsWith(`${path.sep}route.ts`) && file !== NEXT_AUTH);

describe("the permission table", () => {
  it("grants each permission to known roles, admins everything but the clinic portal, clinic users only their own", () => {
    for (const [name, roles] of Object.entries(PERMISSIONS)) {
      for (const role of roles) expect(PRINCIPAL_ROLES).toContain(role);
      // The clinic portal is a clinic user's alone (docs/clinics.md); an admin manages clinics from the staff side.
      expect(can("admin", name as Permission)).toBe(!name.startsWith("clinic."));
      if (can("clinic", name as Permission)) expect(["clinic.portal", "account.self", "account.identity"]).toContain(name);
    }
    expect(can("staff", "tasks.restore")).toBe(false);
    expect(can({ role: "manager" }, "tasks.write.department")).toBe(true);
    expect(can(null, "tasks.read")).toBe(false);
  });

  it("route() refuses a handler without a permission or the public flag", () => {
    const handler = async () => ({ ok: true });
    // @ts-expect-error -- the types demand { permission } or { public: true }
    expect(() => route(handler)).toThrow(/permission/);
    // @ts-expect-error -- an empty declaration is no declaration
    expect(() => route(handler, {})).toThrow(/permission/);
  });

  it.each(routeFiles.map(({ file }) => [file]))("%s: every exported handler declares a known permission or public", async (file) => {
    const mod = (await import(path.join(ROOT, file))) as Record<string, unknown>;
    const handlers = METHODS.filter((method) => method in mod);
    expect(handlers.length).toBeGreaterThan(0);
    for (const method of handlers) {
      const access = (mod[method] as { access?: { permission?: string; public?: boolean } }).access;
      expect(access).toBeDefined();
      if (access?.public) continue;
      expect(Object.keys(PERMISSIONS)).toContain(access?.permission);
    }
  });

  it("no code outside the table compares a role with \"admin\"", () => {
    const offenders = sourceFiles("app", "components", "lib", "prisma")
      .concat(sourceFiles(".").filter(({ file }) => !file.includes(path.sep)))
      .filter(({ file }) => file !== path.join("lib", "auth", "permissions.ts") && file !== path.join("lib", "auth", "roles.ts"))
      .filter(({ text }) => /\brole\s*[!=]==?\s*["']admin["']|["']admin["']\s*[!=]==?\s*[\w.?]*\brole\b|roles:\s*\[/.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
