/** Where one write kept on the phone stands: still waiting, sent (the server recorded it), or refused for good. */
export type QueuedWriteState = { state: "waiting" } | { state: "sent" } | { state: "refused"; message: string };
