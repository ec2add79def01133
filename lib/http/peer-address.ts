import type { IncomingMessage } from "node:http";

/**
 * Next's route handlers never see the socket, and `next start` copies a client's own
 * X-Forwarded-For through untouched, so our server (scripts/server.ts) writes the socket's peer
 * address into this header on every request, replacing whatever a client sent under that name.
 */
export const PEER_ADDRESS_HEADER = "x-bfs-peer-address";

export function stampPeerAddress(req: IncomingMessage): void {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown";
}
