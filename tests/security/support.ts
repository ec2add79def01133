/** Shared by the security audit suite (tests/security): requests "from" a socket peer address. */
import { PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";

/** Headers as our server (scripts/server.ts) would pass them: the socket's peer, plus any X-Forwarded-For the client sent. */
export function fromPeer(peer: string, forwardedFor?: string): Record<string, string> {
  return { [PEER_ADDRESS_HEADER]: peer, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) };
}

/** Runs `fn` with environment variables set, restoring them afterwards. */
export async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
