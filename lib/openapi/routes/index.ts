/**
 * Every /api route handler's entry, one file per domain (docs/api.md, "Describing a route").
 * A new domain: add lib/openapi/routes/<domain>.ts and one line here.
 * tests/integration/api-keys/openapi.test.ts fails when a handler on disk has no entry or an
 * entry names no handler.
 */
import { z } from "zod";
import type { Operation, RouteAccess } from "@/lib/http/operation";
import type { RouteDoc } from "../describe";

/** A function, not a constant: the route modules (this document's own among them) are read when it is called. */
export const apiRouteDocs = (): RouteDoc[] => [];

/** Entries of routes that have no descriptor yet, as operations (their access read from the handler). */
export const legacyOperations = (): Operation[] =>
  apiRouteDocs().map((doc) => {
    const { handler, response, produces, ...rest } = doc;
    const access = (handler?.access ?? {}) as RouteAccess;
    return (produces ? { ...rest, access, produces } : { ...rest, access, response: response ?? z.unknown() }) as Operation;
  });
