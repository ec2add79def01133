import { buildOpenApiDocument } from "@/lib/openapi/document";
import { apiOperations } from "@/lib/openapi/operations";

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  op: Json;
}

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-emerald-100 text-emerald-900",
  put: "bg-amber-100 text-amber-900",
  patch: "bg-violet-100 text-violet-900",
  delete: "bg-rose-100 text-rose-900",
};

function operationsByTag(doc: Json): Map<string, Operation[]> {
  const byTag = new Map<string, Operation[]>();
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = ((op.tags as string[] | undefined) ?? ["api"])[0]!;
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  }
  return new Map([...byTag.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The API reference, rendered on the server from the same document as /api/openapi.json: one
 * section per resource, one disclosure per operation with its access, parameters, request body
 * and answers. Plain HTML (details/summary, tables, pre): keyboard and screen-reader friendly
 * and no client JavaScript. A hosted reference widget (Scalar) was tried first and left: its
 * markup failed the app's axe bar (unnamed buttons, low-contrast labels) and it shipped a Vue
 * runtime to this one page.
 */
export function ApiReference() {
  const doc = buildOpenApiDocument(apiOperations()) as Json;
  const info = doc.info as { title: string; version: string; description: string };
  const tags = operationsByTag(doc);
  return (
    <div className="space-y-6 p-4 sm:p-6">
      <header className="space-y-2">
        <h2 className="text-xl font-semibold text-slate-900">
          {info.title} <span className="text-sm font-normal text-slate-600">v{info.version} · OpenAPI {String(doc.openapi)}</span>
        </h2>
        <p className="max-w-3xl text-sm whitespace-pre-line text-slate-700">{info.description.replaceAll("`", "")}</p>
        <nav aria-label="Resources" className="flex flex-wrap gap-2 pt-1">
          {[...tags.keys()].map((tag) => (
            <a key={tag} href={`#ref-${tag}`} className="rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50">
              {tag}
            </a>
          ))}
        </nav>
      </header>
      {[...tags.entries()].map(([tag, operations]) => (
        <section key={tag} id={`ref-${tag}`} aria-labelledby={`ref-${tag}-title`} className="space-y-2">
          <h3 id={`ref-${tag}-title`} className="text-lg font-semibold text-slate-900">
            {tag}
          </h3>
          <ul className="space-y-2">
            {operations.map(({ method, path, op }) => (
              <li key={`${method} ${path}`}>
                <OperationDetails method={method} path={path} op={op} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function OperationDetails({ method, path, op }: Operation) {
  const parameters = (op.parameters as Array<{ name: string; in: string; required: boolean; schema: Json }> | undefined) ?? [];
  const body = op.requestBody as { content: Record<string, { schema: Json }> } | undefined;
  const responses = op.responses as Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
  return (
    <details className="group rounded-lg border border-slate-200">
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm">
        <span className={`w-16 rounded px-1.5 py-0.5 text-center text-xs font-bold uppercase ${METHOD_STYLE[method] ?? "bg-slate-100 text-slate-900"}`}>{method}</span>
        <code className="font-mono text-slate-900 break-all">{path}</code>
        <span className="text-slate-700">{String(op.summary)}</span>
      </summary>
      <div className="space-y-3 border-t border-slate-200 px-3 py-3 text-sm text-slate-800">
        <p className="whitespace-pre-line">{String(op.description ?? "").replaceAll("`", "")}</p>
        {parameters.length > 0 && (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Parameters of ${method.toUpperCase()} ${path}`}>
            <table className="min-w-full text-left text-xs">
              <caption className="sr-only">Parameters</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-700">
                  <th scope="col" className="py-1 pr-3 font-semibold">Name</th>
                  <th scope="col" className="py-1 pr-3 font-semibold">In</th>
                  <th scope="col" className="py-1 pr-3 font-semibold">Required</th>
                  <th scope="col" className="py-1 font-semibold">Schema</th>
                </tr>
              </thead>
              <tbody>
                {parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`} className="border-b border-slate-100 align-top">
                    <td className="py-1 pr-3 font-mono">{p.name}</td>
                    <td className="py-1 pr-3">{p.in}</td>
                    <td className="py-1 pr-3">{p.required ? "yes" : "no"}</td>
                    <td className="py-1 font-mono break-all">{JSON.stringify(p.schema)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {body &&
          Object.entries(body.content).map(([type, { schema }]) => (
            <SchemaBlock key={type} title={`Request body (${type})`} schema={schema} />
          ))}
        <div className="space-y-1">
          <h4 className="font-semibold text-slate-900">Answers</h4>
          <ul className="space-y-1">
            {Object.entries(responses).map(([code, response]) => (
              <li key={code}>
                <span className="font-mono font-semibold">{code}</span> {response.description}
                {code.startsWith("2") && response.content
                  ? Object.entries(response.content).map(([type, { schema }]) =>
                      Object.keys(schema).length ? <SchemaBlock key={type} title={type} schema={schema} /> : null,
                    )
                  : null}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </details>
  );
}

function SchemaBlock({ title, schema }: { title: string; schema: Json }) {
  return (
    <div className="space-y-1">
      <h4 className="font-semibold text-slate-900">{title}</h4>
      <pre tabIndex={0} role="region" aria-label={title} className="max-h-80 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-xs text-slate-900">
        {pretty(schema)}
      </pre>
    </div>
  );
}
