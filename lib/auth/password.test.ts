import { hashPassword, KNOWN_PASSWORD_LOG_N, verifyPassword } from "./password";

describe("hashPassword / verifyPassword", () => {
  it("round-trips, with a fresh salt per hash and the parameters encoded", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toBe(b);
    await expect(verifyPassword("correct horse battery", a)).resolves.toBe(true);
    await expect(verifyPassword("correct horse batterY", a)).resolves.toBe(false);
    await expect(verifyPassword("", a)).resolves.toBe(false);
  });

  it("verifies with the cost stored in the hash, not the current default", async () => {
    const hash = await hashPassword("password-one");
    const parts = hash.split("$");
    expect(Number(parts[1])).toBeGreaterThanOrEqual(10);
    // A hash made at another cost (e.g. production's 2^15) still verifies.
    const { scryptSync, randomBytes } = await import("node:crypto");
    const salt = randomBytes(16);
    const key = scryptSync("password-one", salt, 64, { N: 2 ** 13, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const other = ["scrypt", 13, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
    await expect(verifyPassword("password-one", other)).resolves.toBe(true);
  });

  it("hashes at a cost it is given (the known passwords' cost) and says so in the hash", async () => {
    const hash = await hashPassword("bfs-demo-2026", { logN: KNOWN_PASSWORD_LOG_N });
    expect(hash.split("$")[1]).toBe(String(KNOWN_PASSWORD_LOG_N));
    await expect(verifyPassword("bfs-demo-2026", hash)).resolves.toBe(true);
  });

  it("treats unicode compositions alike (NFKC)", async () => {
    const hash = await hashPassword("caf\u00e9-password");
    await expect(verifyPassword("cafe\u0301-password", hash)).resolves.toBe(true);
  });

  it("returns false for malformed or hostile hashes instead of throwing", async () => {
    for (const bad of ["", "plain", "bcrypt$2b$10$x", "scrypt$40$8$1$c2FsdA$a2V5", "scrypt$14$8$1$c2FsdA$"]) {
      await expect(verifyPassword("anything", bad)).resolves.toBe(false);
    }
  });

  it("refuses to hash passwords outside 8..256 characters", async () => {
    await expect(hashPassword("short")).rejects.toThrow(RangeError);
    await expect(hashPassword("x".repeat(257))).rejects.toThrow(RangeError);
  });
});
