/**
 * Runs in every test file before it loads. Nothing may reach a developer's database by
 * accident: DATABASE_URL is cleared here and set only by useTestDatabase() (tests/support/db.ts)
 * to the file's own database. The server and template come from global-setup.ts through the
 * environment (tests/support/harness.ts).
 */
delete process.env.DATABASE_URL;
process.env.VALIDATE_RESPONSES = "1";
