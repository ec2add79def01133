/**
 * The benchmark's connections to its database. An idle pg connection that the server closes
 * (the bench's Postgres stopped, a restart, pg_terminate_backend) emits 'error' on its pool or
 * client; without a listener that is an unhandled 'error' event and the process dies with a
 * stack trace. Here it is one log line, and the query that needed the connection fails
 * normally, so the run ends through its own error path (one sentence, exit 1).
 */
import pg from "pg";

const say = (log: (line: string) => void) => (error: Error) => log(`the database closed a connection: ${error.message.split("\n")[0]}`);

export function benchPool(connectionString: string, log: (line: string) => void, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on("error", say(log));
  return pool;
}

export function benchClient(connectionString: string, log: (line: string) => void): pg.Client {
  const client = new pg.Client({ connectionString });
  client.on("error", say(log));
  return client;
}
