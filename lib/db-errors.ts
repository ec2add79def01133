import "server-only";

/**
 * Reads what Postgres said from an error thrown through Prisma's pg driver adapter. A failed
 * statement arrives as PrismaClientKnownRequestError (P2002 for unique violations, else e.g.
 * P2039) with the driver error in `meta.driverAdapterError.cause`; a deferred constraint
 * trigger failing at COMMIT arrives as the bare DriverAdapterError with the details in `cause`.
 */
interface PgFacts {
  sqlState: string | null;
  /** Constraint or index name when the driver reports one (else found in the message). */
  constraint: string | null;
  message: string;
}

interface DriverCause {
  originalCode?: unknown;
  code?: unknown;
  constraint?: { index?: unknown; name?: unknown } | unknown;
  originalMessage?: unknown;
  message?: unknown;
}

function causeOf(error: unknown): DriverCause | null {
  if (typeof error !== "object" || error === null) return null;
  const withMeta = error as { meta?: { driverAdapterError?: { cause?: DriverCause } }; cause?: unknown };
  const fromMeta = withMeta.meta?.driverAdapterError?.cause;
  if (fromMeta) return fromMeta;
  if (typeof withMeta.cause === "object" && withMeta.cause !== null) return withMeta.cause as DriverCause;
  return null;
}

export function pgFacts(error: unknown): PgFacts {
  const cause = causeOf(error);
  const ownCode = (error as { code?: unknown })?.code;
  const sqlState =
    (typeof cause?.originalCode === "string" && cause.originalCode) ||
    (typeof cause?.code === "string" && cause.code) ||
    (typeof ownCode === "string" && /^[0-9A-Z]{5}$/.test(ownCode) ? ownCode : null) ||
    null;
  const constraintInfo = cause?.constraint as { index?: unknown; name?: unknown } | undefined;
  const message = [cause?.originalMessage, cause?.message, (error as { message?: unknown })?.message]
    .filter((m): m is string => typeof m === "string")
    .join(" ");
  const named =
    (typeof constraintInfo?.index === "string" && constraintInfo.index) ||
    (typeof constraintInfo?.name === "string" && constraintInfo.name) ||
    /constraint "([^"]+)"/.exec(message)?.[1] ||
    null;
  return { sqlState, constraint: named, message };
}

/** True when the error is the given invariant: matched by constraint name, or SQLSTATE when given. */
export function isInvariantViolation(error: unknown, name: string, sqlState?: string): boolean {
  const facts = pgFacts(error);
  if (facts.constraint === name) return true;
  if (facts.message.includes(name)) return true;
  return sqlState !== undefined && facts.sqlState === sqlState;
}

/** A unique index refused the write (Prisma's P2002, or SQLSTATE 23505 from the driver). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown })?.code === "P2002" || pgFacts(error).sqlState === "23505";
}

/** Prisma gave up waiting for a connection or the transaction ran past its timeout. */
export function isTransactionTimeout(error: unknown): boolean {
  return (error as { code?: unknown })?.code === "P2028";
}
