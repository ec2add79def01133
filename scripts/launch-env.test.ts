import { appEnv } from "./launch-env";

describe("the environment npm start / npm run dev give Next", () => {
  const app = { databaseUrl: "postgresql://db/bfs_tasks", authSecret: "s3cret", port: 3000 };

  it("turns Next's telemetry off, whatever the caller's environment says", () => {
    expect(appEnv({}, app).NEXT_TELEMETRY_DISABLED).toBe("1");
    expect(appEnv({ NEXT_TELEMETRY_DISABLED: "0" }, app).NEXT_TELEMETRY_DISABLED).toBe("1");
  });

  it("passes the database, the secret and the URL, keeping a NEXTAUTH_URL the caller set", () => {
    expect(appEnv({ PATH: "/bin" }, app)).toMatchObject({ PATH: "/bin", DATABASE_URL: app.databaseUrl, NEXTAUTH_SECRET: "s3cret", NEXTAUTH_URL: "http://localhost:3000" });
    expect(appEnv({ NEXTAUTH_URL: "https://tasks.bfspets.com" }, app).NEXTAUTH_URL).toBe("https://tasks.bfspets.com");
  });
});
