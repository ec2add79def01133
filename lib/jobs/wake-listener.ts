import "server-only";
import pg from "pg";

/**
 * Wakes jobs when the database says there is work (docs/jobs.md "Woken by the database"): one
 * connection per runner LISTENs on the channels the jobs name in `wakeOn`; a trigger's
 * `pg_notify(channel, '')` is delivered when its transaction commits (never for a rolled-back
 * one, and once per transaction however many rows it wrote), and the runner sends one run of the
 * job. So every write path is covered, including another app instance's, without each caller
 * remembering to queue the job. The connection is reopened after 5 s when it drops; the job's
 * cron stays the safety net for what arrives while it is down.
 */
export interface WakeListener {
  close(): Promise<void>;
}

const RECONNECT_MS = 5_000;

export function listenForWakeUps(
  connectionString: string,
  channels: readonly string[],
  onWake: (channel: string) => void,
  onError: (error: unknown) => void,
): WakeListener {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, RECONNECT_MS);
    timer.unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, application_name: "bfs-jobs-wake" });
    next.on("notification", (message) => onWake(message.channel));
    next.on("error", (error) => {
      onError(error);
      if (client === next) client = null;
      void next.end().catch(() => undefined);
      retry();
    });
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN "${channel.replace(/"/g, "")}"`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
    } catch (error) {
      onError(error);
      void next.end().catch(() => undefined);
      retry();
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
