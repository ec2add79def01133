import { useEffect, useState } from "react";
import { friendlyErrorSoon, type FriendlyError } from "@/lib/api-client";

/**
 * The spec's friendly words (§8) for an error a screen shows inline, for components in every
 * page's first load (`friendlyErrorSoon`): null until they are known (at once for a lost
 * connection, after the table's module has loaded for an answer of the server) and for no error.
 * Screens that are not in a first load call `getFriendlyError` directly.
 */
export function useFriendlyError(error: unknown): FriendlyError | null {
  const [known, setKnown] = useState<{ error: unknown; friendly: FriendlyError } | null>(null);
  useEffect(() => {
    if (!error) return;
    let current = true;
    void friendlyErrorSoon(error).then((friendly) => {
      if (current) setKnown({ error, friendly });
    });
    return () => {
      current = false;
    };
  }, [error]);
  return error && known?.error === error ? known.friendly : null;
}
