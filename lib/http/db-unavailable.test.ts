import { isDatabaseUnavailable } from "./db-unavailable";

/** Shapes seen from Prisma 7 + @prisma/adapter-pg + node-postgres (captured against a stopped and a slow Postgres). */
const adapterError = (cause: object) => Object.assign(new Error("Invalid `prisma.user.findMany()` invocation"), { code: "P2010", meta: { driverAdapterError: { name: "DriverAdapterError", cause } } });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["server refused the connection (P1001)", Object.assign(new Error("Can't reach database server"), { code: "P1001" })],
    ["raw query, not reachable", adapterError({ kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 })],
    ["connection reset", adapterError({ kind: "ConnectionClosed" })],
    ["too many connections", adapterError({ kind: "TooManyConnections", cause: "sorry, too many clients already" })],
    ["statement timeout", adapterError({ kind: "postgres", code: "57014", message: "canceling statement due to statement timeout" })],
    ["admin shutdown", adapterError({ kind: "postgres", code: "57P01", message: "terminating connection due to administrator command" })],
    ["starting up", adapterError({ kind: "postgres", code: "57P03", message: "the database system is starting up" })],
    ["pool wait exceeded (node-postgres)", new Error("timeout exceeded when trying to connect")],
    ["connection terminated (node-postgres)", new Error("Connection terminated unexpectedly")],
    ["socket refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED", syscall: "connect", errno: -111 })],
    ["raw query code in the message", new Error("Raw query failed. Code: `57P01`. Message: `terminating connection`")],
    ["wrapped in a cause", new Error("outer", { cause: new Error("timeout exceeded when trying to connect") })],
  ])("%s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", Object.assign(new Error("Unique constraint failed"), { code: "P2002" })],
    ["a foreign key violation", adapterError({ kind: "ForeignKeyConstraintViolation" })],
    ["a syntax error", adapterError({ kind: "postgres", code: "42601", message: "syntax error" })],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["nothing", undefined],
    ["a string", "timeout"],
  ])("not for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
