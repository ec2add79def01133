/**
 * Drift check: compares the live database with schema.prisma (read through Prisma's own DMMF,
 * from @prisma/prisma-schema-wasm) and with the SQL-only invariants of prisma/sql-invariants.ts.
 * Our migrations are hand-written SQL, so this is what proves they say what the schema says.
 *
 * Compared: tables, columns (type incl. arrays and enums, nullability, default), enums and their
 * values, primary keys, unique and plain indexes (columns, order, method), foreign keys (columns,
 * target, ON DELETE / ON UPDATE). Checks, exclusion constraints, triggers, partial indexes and
 * extensions must be declared invariants. Prisma's DMMF does not carry `map:` names of foreign
 * keys, so foreign keys are expected under Prisma's default name (<table>_<columns>_fkey).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { get_dmmf } from "@prisma/prisma-schema-wasm";
import { SQL_INVARIANTS, type SqlInvariant } from "../../prisma/sql-invariants";

const DEFAULT_SCHEMA_PATH = path.resolve(process.cwd(), "prisma", "schema.prisma");
/** Postgres' identifier limit (NAMEDATALEN - 1); Prisma truncates default names to it. */
const MAX_IDENTIFIER_LENGTH = 63;
/** Tables that are not models: the migration ledger. */
const IGNORED_TABLES = new Set(["_prisma_migrations"]);

// ---------------------------------------------------------------------------------------------
// The shape both sides are reduced to
// ---------------------------------------------------------------------------------------------

interface Column {
  type: string; // as format_type() prints it: `uuid`, `timestamp(3) with time zone`, `"Role"[]`
  notNull: boolean;
  default: string | null; // as pg_get_expr() prints it, normalised by normaliseDefault()
}

interface Index {
  name: string;
  unique: boolean;
  columns: string[];
  descending: boolean[];
  method: string;
}

interface ForeignKey {
  name: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
  onDelete: string;
  onUpdate: string;
}

interface Table {
  columns: Map<string, Column>;
  primaryKey: { name: string; columns: string[] } | null;
  indexes: Map<string, Index>;
  foreignKeys: ForeignKey[];
}

interface Schema {
  enums: Map<string, string[]>;
  tables: Map<string, Table>;
}

/** What the database has beyond Prisma's model: matched against the declared invariants. */
interface LiveExtras {
  /** Partial or expression indexes (not backing a constraint), by name. */
  specialIndexes: Map<string, { table: string; unique: boolean; definition: string }>;
  /** CHECK (c), EXCLUDE (x) and constraint-trigger (t) constraints, by name. */
  constraints: Map<string, { table: string; type: string; definition: string }>;
  triggers: Map<string, { table: string; definition: string }>;
  extensions: Set<string>;
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/** Human-readable differences between the database and schema.prisma (+ invariants); [] = none. */
export async function findSchemaDrift(
  databaseUrl: string,
  schemaPath: string = DEFAULT_SCHEMA_PATH,
  invariants: readonly SqlInvariant[] = SQL_INVARIANTS,
): Promise<string[]> {
  const expected = expectedSchema(await readFile(schemaPath, "utf8"));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const live = await readLiveSchema(client);
    const extras = await readLiveExtras(client);
    return [
      ...compareSchemas(expected, live, invariants),
      ...compareInvariants(extras, invariants),
      ...(await missingSeedRows(client, expected, invariants)),
    ];
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Expected side: schema.prisma through the DMMF
// ---------------------------------------------------------------------------------------------

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object" | "unsupported";
  type: string;
  isList: boolean;
  isRequired: boolean;
  hasDefaultValue: boolean;
  default?: unknown;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}

interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}

interface DmmfIndex {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  dbName?: string;
  algorithm?: string;
  fields: { name: string; sortOrder?: "asc" | "desc" }[];
}

interface DmmfDatamodel {
  enums: { name: string; dbName?: string | null; values: { name: string; dbName?: string | null }[] }[];
  models: DmmfModel[];
  indexes: DmmfIndex[];
}

function readDmmf(schemaText: string): DmmfDatamodel {
  try {
    const dmmf = JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: [["schema.prisma", schemaText]] })));
    return dmmf.datamodel as DmmfDatamodel;
  } catch (error) {
    throw new Error(`schema.prisma is invalid: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function expectedSchema(schemaText: string): Schema {
  const dm = readDmmf(schemaText);
  const enumDbNames = new Map(dm.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const enums = new Map(dm.enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.dbName ?? v.name)]));
  const models = new Map(dm.models.map((m) => [m.name, m]));
  const tables = new Map<string, Table>();
  for (const model of dm.models) {
    tables.set(tableName(model), {
      columns: new Map(scalarFields(model).map((f) => [columnName(f), expectedColumn(f, enumDbNames)])),
      primaryKey: null,
      indexes: new Map(),
      foreignKeys: expectedForeignKeys(model, models),
    });
  }
  for (const index of dm.indexes) addExpectedIndex(tables, models.get(index.model)!, index);
  return { enums, tables };
}

const tableName = (model: DmmfModel): string => model.dbName ?? model.name;
const columnName = (field: DmmfField): string => field.dbName ?? field.name;
const scalarFields = (model: DmmfModel): DmmfField[] =>
  model.fields.filter((f) => f.kind === "scalar" || f.kind === "enum");

function fieldColumn(model: DmmfModel, fieldName: string): string {
  return columnName(model.fields.find((f) => f.name === fieldName)!);
}

function expectedColumn(field: DmmfField, enumDbNames: Map<string, string>): Column {
  const base = field.kind === "enum" ? quoteTypeName(enumDbNames.get(field.type)!) : scalarType(field);
  return {
    type: field.isList ? `${base}[]` : base,
    // Prisma creates list columns without NOT NULL.
    notNull: field.isRequired && !field.isList,
    default: expectedDefault(field, base),
  };
}

/** Postgres' spelling (format_type) of a Prisma scalar, honouring @db.* native types. */
function scalarType(field: DmmfField): string {
  if (field.nativeType) return nativeType(field.nativeType[0], field.nativeType[1]);
  const defaults: Record<string, string> = {
    String: "text",
    Int: "integer",
    BigInt: "bigint",
    Float: "double precision",
    Decimal: "numeric(65,30)",
    Boolean: "boolean",
    DateTime: "timestamp(3) without time zone",
    Json: "jsonb",
    Bytes: "bytea",
  };
  return defaults[field.type] ?? `(unsupported Prisma type ${field.type})`;
}

function nativeType(name: string, args: string[]): string {
  const withArgs = (type: string) => (args.length ? `${type}(${args.join(",")})` : type);
  const types: Record<string, () => string> = {
    Uuid: () => "uuid",
    Text: () => "text",
    VarChar: () => withArgs("character varying"),
    Char: () => withArgs("character"),
    SmallInt: () => "smallint",
    Integer: () => "integer",
    BigInt: () => "bigint",
    Real: () => "real",
    DoublePrecision: () => "double precision",
    Decimal: () => withArgs("numeric"),
    Boolean: () => "boolean",
    Date: () => "date",
    Timestamp: () => `timestamp(${args[0] ?? 3}) without time zone`,
    Timestamptz: () => `timestamp(${args[0] ?? 3}) with time zone`,
    Time: () => `time(${args[0] ?? 3}) without time zone`,
    Timetz: () => `time(${args[0] ?? 3}) with time zone`,
    Json: () => "json",
    JsonB: () => "jsonb",
    ByteA: () => "bytea",
    Inet: () => "inet",
    Citext: () => "citext",
    Xml: () => "xml",
  };
  return types[name]?.() ?? `(unsupported native type @db.${name})`;
}

/** The default as pg_get_expr() prints what Prisma migrate would create, or null for none. */
function expectedDefault(field: DmmfField, baseType: string): string | null {
  if (!field.hasDefaultValue) return null;
  const value = field.default;
  if (Array.isArray(value)) {
    return value.length === 0 ? `ARRAY[]::${baseType}[]` : `(non-empty list default ${JSON.stringify(value)})`;
  }
  if (value !== null && typeof value === "object") return functionDefault(value as { name: string; args: unknown[] });
  // pg_get_expr() casts a literal to the type without its length: 'x'::character varying.
  if (typeof value === "string") return `${quoteLiteral(value)}::${baseType.replace(/\(\d+(,\d+)?\)$/, "")}`;
  return normaliseDefault(String(value));
}

function functionDefault(fn: { name: string; args: unknown[] }): string | null {
  switch (fn.name) {
    case "now":
      return "CURRENT_TIMESTAMP";
    case "dbgenerated":
      return normaliseDefault(String(fn.args[0]));
    case "autoincrement":
      return "nextval(...)";
    default:
      return null; // uuid(), cuid(), nanoid(): generated by the client, no database default.
  }
}

function addExpectedIndex(tables: Map<string, Table>, model: DmmfModel, index: DmmfIndex): void {
  const table = tables.get(tableName(model))!;
  const columns = index.fields.map((f) => fieldColumn(model, f.name));
  if (index.type === "id") {
    table.primaryKey = { name: index.dbName ?? defaultName(tableName(model), [], "_pkey"), columns };
    return;
  }
  const suffix = index.type === "unique" ? "_key" : "_idx";
  const name = index.dbName ?? defaultName(tableName(model), columns, suffix);
  table.indexes.set(name, {
    name,
    unique: index.type === "unique",
    columns,
    descending: index.fields.map((f) => f.sortOrder === "desc"),
    method: (index.algorithm ?? "btree").toLowerCase(),
  });
}

function expectedForeignKeys(model: DmmfModel, models: Map<string, DmmfModel>): ForeignKey[] {
  return model.fields
    .filter((f) => f.kind === "object" && f.relationFromFields?.length)
    .map((f) => {
      const target = models.get(f.type)!;
      const columns = f.relationFromFields!.map((n) => fieldColumn(model, n));
      const required = f.relationFromFields!.every((n) => model.fields.find((x) => x.name === n)!.isRequired);
      return {
        name: defaultName(tableName(model), columns, "_fkey"),
        columns,
        refTable: tableName(target),
        refColumns: f.relationToFields!.map((n) => fieldColumn(target, n)),
        // Prisma's defaults: Restrict for a required relation, SetNull for an optional one; Cascade on update.
        onDelete: referentialAction(f.relationOnDelete ?? (required ? "Restrict" : "SetNull")),
        onUpdate: referentialAction(f.relationOnUpdate ?? "Cascade"),
      };
    });
}

function referentialAction(action: string): string {
  const actions: Record<string, string> = {
    Cascade: "CASCADE",
    Restrict: "RESTRICT",
    NoAction: "NO ACTION",
    SetNull: "SET NULL",
    SetDefault: "SET DEFAULT",
  };
  return actions[action] ?? action;
}

/** Prisma's default constraint name, truncated to Postgres' identifier limit like Prisma does. */
function defaultName(table: string, columns: string[], suffix: string): string {
  const base = [table, ...columns].join("_");
  const room = MAX_IDENTIFIER_LENGTH - suffix.length;
  return (base.length > room ? base.slice(0, room) : base) + suffix;
}

// ---------------------------------------------------------------------------------------------
// Live side: pg_catalog
// ---------------------------------------------------------------------------------------------

async function readLiveSchema(client: pg.Client): Promise<Schema> {
  // One connection runs one query at a time, hence sequential awaits.
  const enums = await client.query<{ name: string; values: string[] }>(ENUMS_SQL);
  const columns = await client.query<{ table: string; column: string; type: string; not_null: boolean; default: string | null }>(
    COLUMNS_SQL,
  );
  const indexes = await client.query<IndexRow>(INDEXES_SQL);
  const foreignKeys = await client.query<ForeignKeyRow>(FOREIGN_KEYS_SQL);
  const tables = new Map<string, Table>();
  const table = (name: string): Table => {
    if (!tables.has(name)) tables.set(name, { columns: new Map(), primaryKey: null, indexes: new Map(), foreignKeys: [] });
    return tables.get(name)!;
  };
  for (const c of columns.rows) {
    table(c.table).columns.set(c.column, {
      type: c.type,
      notNull: c.not_null,
      default: c.default === null ? null : normaliseDefault(c.default),
    });
  }
  for (const row of indexes.rows) addLiveIndex(table(row.table), row);
  for (const fk of foreignKeys.rows) table(fk.table).foreignKeys.push(liveForeignKey(fk));
  for (const name of IGNORED_TABLES) tables.delete(name);
  return { enums: new Map(enums.rows.map((e) => [e.name, e.values])), tables };
}

interface IndexRow {
  table: string;
  name: string;
  unique: boolean;
  primary: boolean;
  method: string;
  special: boolean;
  constraint_type: string | null;
  columns: string[];
  descending: boolean[];
}

interface ForeignKeyRow {
  table: string;
  name: string;
  columns: string[];
  ref_table: string;
  ref_columns: string[];
  on_delete: string;
  on_update: string;
  deferrable: boolean;
}

function addLiveIndex(table: Table, row: IndexRow): void {
  // Exclusion constraints and partial/expression indexes are checked as invariants.
  if (row.constraint_type === "x" || row.special) return;
  if (row.primary) {
    table.primaryKey = { name: row.name, columns: row.columns };
    return;
  }
  table.indexes.set(row.name, {
    name: row.name,
    unique: row.unique,
    columns: row.columns,
    descending: row.descending,
    method: row.method,
  });
}

function liveForeignKey(row: ForeignKeyRow): ForeignKey {
  const actions: Record<string, string> = { a: "NO ACTION", r: "RESTRICT", c: "CASCADE", n: "SET NULL", d: "SET DEFAULT" };
  return {
    name: row.name,
    columns: row.columns,
    refTable: row.ref_table,
    refColumns: row.ref_columns,
    onDelete: actions[row.on_delete] + (row.deferrable ? " (DEFERRABLE)" : ""),
    onUpdate: actions[row.on_update],
  };
}

async function readLiveExtras(client: pg.Client): Promise<LiveExtras> {
  const indexes = await client.query<{ table: string; name: string; unique: boolean; definition: string }>(SPECIAL_INDEXES_SQL);
  const constraints = await client.query<{ table: string; name: string; type: string; definition: string }>(OTHER_CONSTRAINTS_SQL);
  const triggers = await client.query<{ table: string; name: string; definition: string }>(TRIGGERS_SQL);
  const extensions = await client.query<{ name: string }>(EXTENSIONS_SQL);
  return {
    specialIndexes: new Map(indexes.rows.map((r) => [r.name, r])),
    constraints: new Map(constraints.rows.map((r) => [r.name, r])),
    triggers: new Map(triggers.rows.map((r) => [r.name, r])),
    extensions: new Set(extensions.rows.map((r) => r.name)),
  };
}

const IN_SCHEMA = "n.nspname = current_schema()";

const ENUMS_SQL = `
  SELECT t.typname::text AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS values
    FROM pg_type t
    JOIN pg_enum e ON e.enumtypid = t.oid
    JOIN pg_namespace n ON n.oid = t.typnamespace
   WHERE ${IN_SCHEMA}
   GROUP BY t.typname`;

const COLUMNS_SQL = `
  SELECT c.relname::text AS table, a.attname::text AS column,
         format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
         pg_get_expr(d.adbin, d.adrelid) AS default
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
   WHERE c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped AND ${IN_SCHEMA}`;

// indkey and indoption are int2vectors, subscripted from 0; only the key columns count.
const INDEXES_SQL = `
  SELECT t.relname::text AS table, i.relname::text AS name, ix.indisunique AS unique,
         ix.indisprimary AS primary, am.amname::text AS method,
         (ix.indpred IS NOT NULL OR ix.indexprs IS NOT NULL) AS special,
         con.contype::text AS constraint_type,
         ARRAY(SELECT a.attname::text FROM generate_series(0, ix.indnkeyatts - 1) k
                 JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = ix.indkey[k]
                ORDER BY k) AS columns,
         ARRAY(SELECT (ix.indoption[k] & 1) = 1 FROM generate_series(0, ix.indnkeyatts - 1) k ORDER BY k) AS descending
    FROM pg_index ix
    JOIN pg_class i ON i.oid = ix.indexrelid
    JOIN pg_class t ON t.oid = ix.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_am am ON am.oid = i.relam
    LEFT JOIN pg_constraint con ON con.conindid = ix.indexrelid AND con.contype IN ('p', 'u', 'x')
   WHERE ${IN_SCHEMA}`;

const FOREIGN_KEYS_SQL = `
  SELECT t.relname::text AS table, con.conname::text AS name, rt.relname::text AS ref_table,
         ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
         ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS ref_columns,
         con.confdeltype::text AS on_delete, con.confupdtype::text AS on_update, con.condeferrable AS deferrable
    FROM pg_constraint con
    JOIN pg_class t ON t.oid = con.conrelid
    JOIN pg_class rt ON rt.oid = con.confrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
   WHERE con.contype = 'f' AND ${IN_SCHEMA}`;

const SPECIAL_INDEXES_SQL = `
  SELECT t.relname::text AS table, i.relname::text AS name, ix.indisunique AS unique,
         pg_get_indexdef(ix.indexrelid) AS definition
    FROM pg_index ix
    JOIN pg_class i ON i.oid = ix.indexrelid
    JOIN pg_class t ON t.oid = ix.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
   WHERE (ix.indpred IS NOT NULL OR ix.indexprs IS NOT NULL) AND ${IN_SCHEMA}
     AND NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = ix.indexrelid AND con.contype = 'x')`;

const OTHER_CONSTRAINTS_SQL = `
  SELECT t.relname::text AS table, con.conname::text AS name, con.contype::text AS type,
         pg_get_constraintdef(con.oid) AS definition
    FROM pg_constraint con
    JOIN pg_class t ON t.oid = con.conrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
   WHERE con.contype IN ('c', 'x', 't') AND ${IN_SCHEMA} AND t.relname <> '_prisma_migrations'`;

const TRIGGERS_SQL = `
  SELECT t.relname::text AS table, tg.tgname::text AS name, pg_get_triggerdef(tg.oid) AS definition
    FROM pg_trigger tg
    JOIN pg_class t ON t.oid = tg.tgrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
   WHERE NOT tg.tgisinternal AND ${IN_SCHEMA}`;

const EXTENSIONS_SQL = `SELECT extname::text AS name FROM pg_extension WHERE extname <> 'plpgsql'`;

// ---------------------------------------------------------------------------------------------
// Comparison
// ---------------------------------------------------------------------------------------------

function compareSchemas(expected: Schema, live: Schema, invariants: readonly SqlInvariant[]): string[] {
  const invariantIndexes = new Set(invariants.filter((i) => i.kind === "partial-unique-index" || i.kind === "partial-index").map((i) => i.name));
  const out = compareEnums(expected.enums, live.enums);
  for (const [name, table] of sorted(expected.tables)) {
    const liveTable = live.tables.get(name);
    if (!liveTable) out.push(`Table "${name}" is in schema.prisma but missing from the database.`);
    else out.push(...compareTable(name, table, liveTable, invariantIndexes));
  }
  for (const [name] of sorted(live.tables)) {
    if (!expected.tables.has(name)) out.push(`Table "${name}" is in the database but not in schema.prisma.`);
  }
  return out;
}

function compareEnums(expected: Map<string, string[]>, live: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [name, values] of sorted(expected)) {
    const liveValues = live.get(name);
    if (!liveValues) out.push(`Enum "${name}" is in schema.prisma but missing from the database.`);
    else if (liveValues.join(",") !== values.join(",")) {
      out.push(`Enum "${name}" has values (${liveValues.join(", ")}) in the database; schema.prisma has (${values.join(", ")}).`);
    }
  }
  for (const [name] of sorted(live)) {
    if (!expected.has(name)) out.push(`Enum "${name}" is in the database but not in schema.prisma.`);
  }
  return out;
}

function compareTable(name: string, expected: Table, live: Table, invariantIndexes: Set<string>): string[] {
  return [
    ...compareColumns(name, expected.columns, live.columns),
    ...comparePrimaryKey(name, expected.primaryKey, live.primaryKey),
    ...compareIndexes(name, expected.indexes, live.indexes, invariantIndexes),
    ...compareForeignKeys(name, expected.foreignKeys, live.foreignKeys),
  ];
}

function compareColumns(table: string, expected: Map<string, Column>, live: Map<string, Column>): string[] {
  const out: string[] = [];
  for (const [name, column] of expected) {
    const liveColumn = live.get(name);
    const where = `Column ${table}.${name}`;
    if (!liveColumn) {
      out.push(`${where} is in schema.prisma but missing from the database.`);
      continue;
    }
    if (liveColumn.type !== column.type) {
      out.push(`${where} has type ${liveColumn.type} in the database; schema.prisma expects ${column.type}.`);
    }
    if (liveColumn.notNull !== column.notNull) {
      out.push(`${where} is ${nullability(liveColumn.notNull)} in the database; schema.prisma expects ${nullability(column.notNull)}.`);
    }
    if (!sameDefault(liveColumn.default, column.default)) {
      out.push(`${where} has default ${liveColumn.default ?? "(none)"} in the database; schema.prisma expects ${column.default ?? "(none)"}.`);
    }
  }
  for (const name of live.keys()) {
    if (!expected.has(name)) out.push(`Column ${table}.${name} is in the database but not in schema.prisma.`);
  }
  return out;
}

const nullability = (notNull: boolean): string => (notNull ? "NOT NULL" : "nullable");

function sameDefault(live: string | null, expected: string | null): boolean {
  if (expected === "nextval(...)") return live !== null && live.startsWith("nextval(");
  // Both spellings normalised: Postgres prints a bigint column's `DEFAULT 0` as 0, Prisma's as '0'::bigint.
  return (live === null ? null : normaliseDefault(live)) === (expected === null ? null : normaliseDefault(expected));
}

function comparePrimaryKey(table: string, expected: Table["primaryKey"], live: Table["primaryKey"]): string[] {
  if (!expected && !live) return [];
  if (!live) return [`Table ${table} has no primary key in the database; schema.prisma expects ${expected!.name} (${expected!.columns.join(", ")}).`];
  if (!expected) return [`Table ${table} has primary key ${live.name} in the database but none in schema.prisma.`];
  if (live.name !== expected.name || live.columns.join(",") !== expected.columns.join(",")) {
    return [
      `Table ${table} has primary key ${live.name} (${live.columns.join(", ")}) in the database; schema.prisma expects ${expected.name} (${expected.columns.join(", ")}).`,
    ];
  }
  return [];
}

function compareIndexes(table: string, expected: Map<string, Index>, live: Map<string, Index>, invariants: Set<string>): string[] {
  const out: string[] = [];
  for (const [name, index] of expected) {
    const liveIndex = live.get(name);
    if (!liveIndex) out.push(`Index ${name} ${describeIndex(table, index)} is in schema.prisma but missing from the database.`);
    else if (describeIndex(table, liveIndex) !== describeIndex(table, index)) {
      out.push(`Index ${name} is ${describeIndex(table, liveIndex)} in the database; schema.prisma expects ${describeIndex(table, index)}.`);
    }
  }
  for (const [name, index] of live) {
    if (!expected.has(name) && !invariants.has(name)) {
      out.push(`Index ${name} ${describeIndex(table, index)} is in the database but not in schema.prisma.`);
    }
  }
  return out;
}

function describeIndex(table: string, index: Index): string {
  const columns = index.columns.map((c, i) => (index.descending[i] ? `${c} DESC` : c)).join(", ");
  return `${index.unique ? "UNIQUE " : ""}ON ${table} USING ${index.method} (${columns})`;
}

function compareForeignKeys(table: string, expected: ForeignKey[], live: ForeignKey[]): string[] {
  const out: string[] = [];
  const liveByName = new Map(live.map((fk) => [fk.name, fk]));
  for (const fk of expected) {
    const liveFk = liveByName.get(fk.name);
    if (!liveFk) out.push(`Foreign key ${fk.name} ${describeForeignKey(fk)} is in schema.prisma but missing from the database.`);
    else if (describeForeignKey(liveFk) !== describeForeignKey(fk)) {
      out.push(`Foreign key ${fk.name} is ${describeForeignKey(liveFk)} in the database; schema.prisma expects ${describeForeignKey(fk)}.`);
    }
  }
  const expectedNames = new Set(expected.map((fk) => fk.name));
  for (const fk of live) {
    if (!expectedNames.has(fk.name)) {
      out.push(`Foreign key ${fk.name} on ${table} ${describeForeignKey(fk)} is in the database but not in schema.prisma.`);
    }
  }
  return out;
}

function describeForeignKey(fk: ForeignKey): string {
  return `(${fk.columns.join(", ")}) -> ${fk.refTable}(${fk.refColumns.join(", ")}) ON DELETE ${fk.onDelete} ON UPDATE ${fk.onUpdate}`;
}

// ---------------------------------------------------------------------------------------------
// SQL-only invariants
// ---------------------------------------------------------------------------------------------

function compareInvariants(extras: LiveExtras, invariants: readonly SqlInvariant[]): string[] {
  const out = invariants.flatMap((inv) => checkInvariant(extras, inv));
  const declared = new Set(invariants.map((i) => `${i.kind}:${i.name}`));
  const undeclared = (kind: string, name: string) => !declared.has(`${kind}:${name}`);
  for (const [name, index] of extras.specialIndexes) {
    if (undeclared(index.unique ? "partial-unique-index" : "partial-index", name)) out.push(`Index ${name} on ${index.table} (${index.definition}) is not declared in prisma/sql-invariants.ts.`);
  }
  for (const [name, con] of extras.constraints) {
    // Constraint triggers appear both here and as triggers; they are reported once, as triggers.
    const kind = con.type === "c" ? "check" : con.type === "x" ? "exclusion" : null;
    if (kind && undeclared(kind, name)) out.push(`Constraint ${name} on ${con.table} (${con.definition}) is not declared in prisma/sql-invariants.ts.`);
  }
  for (const [name, trigger] of extras.triggers) {
    if (undeclared("trigger", name)) out.push(`Trigger ${name} on ${trigger.table} is not declared in prisma/sql-invariants.ts.`);
  }
  for (const name of extras.extensions) {
    if (undeclared("extension", name)) out.push(`Extension ${name} is installed but not declared in prisma/sql-invariants.ts.`);
  }
  return out;
}

function checkInvariant(extras: LiveExtras, inv: SqlInvariant): string[] {
  const label = `SQL invariant ${inv.name}${inv.table ? ` on ${inv.table}` : ""}`;
  const live = liveInvariant(extras, inv);
  if (live === undefined) return [`${label} (${inv.kind}) is missing from the database.`];
  if (live.table !== inv.table) return [`${label} is on table ${live.table} in the database.`];
  if (inv.definition && !squash(live.definition).includes(squash(inv.definition))) {
    return [`${label} is defined as "${live.definition}" in the database; expected it to contain "${inv.definition}".`];
  }
  return [];
}

/** The live object an invariant names, or undefined; seed rows are checked separately. */
function liveInvariant(extras: LiveExtras, inv: SqlInvariant): { table: string | null; definition: string } | undefined {
  switch (inv.kind) {
    case "partial-unique-index":
    case "partial-index": {
      const index = extras.specialIndexes.get(inv.name);
      return index && index.unique === (inv.kind === "partial-unique-index") ? index : undefined;
    }
    case "check":
    case "exclusion": {
      const con = extras.constraints.get(inv.name);
      return con && con.type === (inv.kind === "check" ? "c" : "x") ? con : undefined;
    }
    case "trigger":
      return extras.triggers.get(inv.name);
    case "extension":
      return extras.extensions.has(inv.name) ? { table: null, definition: "" } : undefined;
    case "seed-row":
      return { table: inv.table, definition: "" };
  }
}

async function missingSeedRows(client: pg.Client, expected: Schema, invariants: readonly SqlInvariant[]): Promise<string[]> {
  const out: string[] = [];
  for (const inv of invariants.filter((i) => i.kind === "seed-row")) {
    const key = expected.tables.get(inv.table ?? "")?.primaryKey?.columns;
    if (!inv.table || key?.length !== 1) {
      out.push(`SQL invariant ${inv.name}: seed rows need a table with a one-column primary key.`);
      continue;
    }
    const found = await client
      .query(`SELECT 1 FROM ${quoteIdent(inv.table)} WHERE ${quoteIdent(key[0])}::text = $1`, [inv.name])
      .then((r) => r.rowCount ?? 0, () => 0);
    if (!found) out.push(`Seed row ${inv.table}.${key[0]} = '${inv.name}' is missing from the database.`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** Makes equivalent spellings of a default compare equal (numbers lose their quotes and casts). */
function normaliseDefault(expr: string): string {
  const trimmed = expr.trim();
  const quotedNumber = /^\(?'?(-?\d+(?:\.\d+)?)'?\)?(?:::(?:integer|bigint|smallint|numeric|double precision|real))?$/.exec(trimmed);
  return quotedNumber ? quotedNumber[1] : trimmed;
}

/** How format_type() prints a type name: bare when it is a plain lower-case identifier. */
function quoteTypeName(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : quoteIdent(name);
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

const squash = (s: string): string => s.replace(/\s+/g, " ").trim();

function sorted<V>(map: Map<string, V>): [string, V][] {
  return [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
}
