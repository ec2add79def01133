/**
 * Runs a route handler inside the request scope Next gives it on the server (its work store and
 * request store), so handlers that read `cookies()` or `headers()` from next/headers, such as
 * next-auth's, answer in-process as they do behind the server. Built the way Next's own adapter
 * (next/dist/server/web/adapter.js) builds the scope of a proxy or edge route call.
 */
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";
import { createRequestStoreForAPI } from "next/dist/server/async-storage/request-store";
import { createWorkStore } from "next/dist/server/async-storage/work-store";
import { getImplicitTags } from "next/dist/server/lib/implicit-tags";
import { NextRequest } from "next/server";

export async function inRequestScope<T>(route: string, request: Request, run: (req: NextRequest) => Promise<T>): Promise<T> {
  const req = request instanceof NextRequest ? request : new NextRequest(request);
  const implicitTags = await getImplicitTags(route, req.nextUrl.pathname, null);
  const requestStore = createRequestStoreForAPI(req, req.nextUrl, implicitTags, undefined, { previewModeId: "", previewModeEncryptionKey: "", previewModeSigningKey: "" }, undefined);
  const workStore = createWorkStore({
    page: route,
    renderOpts: {
      cacheLifeProfiles: {},
      staticPageGenerationTimeout: 0,
      cacheComponents: false,
      validationLevel: "warning",
      experimental: { isRoutePPREnabled: false, authInterrupts: false, useCacheTimeout: 0, durableUseCacheEntries: false },
      waitUntil: undefined,
      onClose: () => undefined,
      onAfterTaskError: undefined,
    },
    isPrefetchRequest: false,
    buildId: "",
    deploymentId: "",
    previouslyRevalidatedTags: [],
  } as unknown as Parameters<typeof createWorkStore>[0]);
  return workAsyncStorage.run(workStore, () => workUnitAsyncStorage.run(requestStore, () => run(req)));
}
