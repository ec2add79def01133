/**
 * The honest page for a route whose feature belongs to a later issue: its title, one sentence
 * on what will be there, and who may open it. Server component.
 */
export function PlaceholderPage({
  title,
  description,
  access,
  note,
}: {
  title: string;
  description: string;
  access: "signed-in" | "admin";
  /** An extra line, e.g. when a create=true link brought the user here. */
  note?: string;
}) {
  return (
    <section className="mx-auto max-w-3xl" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        {title}
      </h1>
      <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-6">
        <p className="text-slate-700">{description}</p>
        {note ? (
          <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" role="status">
            {note}
          </p>
        ) : null}
        <p className="mt-3 text-sm text-slate-500">
          This screen is not built yet: it arrives with a later release.{" "}
          {access === "admin" ? "Only administrators can open it." : "Everyone who is signed in can open it."}
        </p>
      </div>
    </section>
  );
}
