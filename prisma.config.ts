import { defineConfig } from "prisma/config";

// The datasource URL is only needed by Prisma commands that talk to a database
// (we apply migrations with our own migrator, see scripts/migrate.ts).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/bfs_tasks" },
});
