/**
 * Every API operation's descriptor, in one list: what the OpenAPI document, the authorization
 * matrix's and the fuzz run's completeness checks, and tests/integration/api-keys/openapi.test.ts
 * read. A new domain: add its `lib/<domain>/contracts.ts` module to CONTRACT_MODULES.
 */
import { isOperation, type Operation } from "@/lib/http/operation";
import * as punch from "@/lib/punch/contracts";
import * as tasks from "@/lib/tasks/contracts";
import { legacyOperations } from "./routes";

const CONTRACT_MODULES: Array<Record<string, unknown>> = [tasks, punch];

/** A function, not a constant: the legacy entries read the route modules (this document's own among them) when called. */
export const apiOperations = (): Operation[] => [...CONTRACT_MODULES.flatMap((mod) => Object.values(mod).filter(isOperation)), ...legacyOperations()];
