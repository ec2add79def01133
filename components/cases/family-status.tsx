import type { ReactNode } from "react";
import { FamilyFrame } from "@/components/cases/family-frame";
import { FAMILY_RETURN_METHOD_LABELS, SERVICE_TYPE_LABELS } from "@/lib/cases/stations";
import { formatDateTime, formatDay } from "@/lib/dates";
import type { FamilyView } from "@/lib/validations/cases";

const FAMILY_BELONGING_LABELS: Record<FamilyView["belongings"][number]["disposition"], string> = {
  return: "Comes home with the ashes",
  cremate: "Cremated with your pet",
  dispose: "Disposed of, as you agreed",
};

/**
 * The family's status page (/c/{token}): the pet's name, each step done with its date and time,
 * the next step and the expected return with where to collect the pet, the documents (the return
 * receipt once returned, the certificate once the cremation is recorded; the signed authorization
 * is in its own card), and how to reach the business. No staff names, no internal words; large
 * type for a phone. Rendered on the server, no script needed.
 */
export function FamilyStatus({ view, certificateHref, returnReceiptHref, authorization }: { view: FamilyView; certificateHref: string; returnReceiptHref?: string; authorization?: ReactNode }) {
  const done = view.steps.filter((s) => s.done);
  const returned = view.steps.find((s) => s.station === "returned" && s.done);
  // A communal case stays with us after its last step; any other closed case has left our care.
  const where = returned ? "Back home" : view.status === "closed" && view.serviceType !== "communal" ? "No longer in our care" : "In our care";
  return (
    <FamilyFrame business={view.business}>
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs">
          <p className="text-sm font-medium text-slate-600">{where}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{view.petName}</h1>
          <p className="mt-1 text-base text-slate-600">
            {SERVICE_TYPE_LABELS[view.serviceType]} · {view.caseNumber}
          </p>
          <dl className="mt-4 grid gap-3 text-base">
            {returned ? (
              <div className="rounded-xl bg-emerald-50 p-3">
                <dt className="text-sm font-medium text-emerald-800">Returned home</dt>
                <dd className="text-lg font-semibold text-emerald-900">{returned.at ? formatDateTime(returned.at) : ""}</dd>
              </div>
            ) : view.nextStep ? (
              <div className="rounded-xl bg-brand-50 p-3">
                <dt className="text-sm font-medium text-slate-700">Next step</dt>
                <dd className="text-lg font-semibold text-slate-900">{view.nextStep.label}</dd>
              </div>
            ) : null}
            {!returned && view.expectedReturn ? (
              <div className="p-1">
                <dt className="text-sm font-medium text-slate-600">Expected return</dt>
                <dd className="text-lg font-semibold text-slate-900">
                  {formatDay(view.expectedReturn)}
                  {view.returnMethod ? (
                    <span className="block text-base font-normal text-slate-700">
                      {FAMILY_RETURN_METHOD_LABELS[view.returnMethod]}
                      {view.returnPlace ? <span className="block">{view.returnPlace}</span> : null}
                    </span>
                  ) : null}
                </dd>
              </div>
            ) : null}
          </dl>
        </section>

        {authorization}

        <section aria-labelledby="family-steps" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs">
          <h2 id="family-steps" className="text-lg font-semibold text-slate-900">
            {done.length === 0 ? "Steps" : `Steps (${done.length} of ${view.steps.length} done)`}
          </h2>
          <ol className="mt-4 space-y-0">
            {view.steps.map((step, index) => (
              <li key={step.station} className="relative flex gap-3 pb-5 last:pb-0">
                {index < view.steps.length - 1 ? (
                  <span aria-hidden="true" className={`absolute top-7 left-[13px] h-[calc(100%-1.5rem)] w-0.5 ${step.done ? "bg-emerald-500" : "bg-slate-200"}`} />
                ) : null}
                <span
                  aria-hidden="true"
                  className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${step.done ? "bg-emerald-600 text-white" : "border-2 border-slate-300 bg-white text-slate-500"}`}
                >
                  {step.done ? "✓" : index + 1}
                </span>
                <div>
                  <p className={`text-base font-semibold ${step.done ? "text-slate-900" : "text-slate-600"}`}>
                    {step.label}
                    <span className="sr-only">{step.done ? " (done)" : " (not yet)"}</span>
                  </p>
                  {step.done && step.at ? <p className="text-base text-slate-700">{formatDateTime(step.at)}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        </section>

        {view.belongings.length > 0 ? (
          <section aria-labelledby="family-belongings" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs">
            <h2 id="family-belongings" className="text-lg font-semibold text-slate-900">
              {view.petName}&apos;s belongings
            </h2>
            <ul className="mt-3 space-y-2" data-testid="family-belongings">
              {view.belongings.map((item, index) => (
                <li key={index} className="text-base text-slate-800">
                  <span className="font-semibold break-words">{item.description}</span>
                  <span className="block text-slate-700">
                    {FAMILY_BELONGING_LABELS[item.disposition]}
                    {item.disposition === "return" && item.returned ? " · returned to you" : ""}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {view.certificateAvailable || view.documents.returnReceipt ? (
          <section aria-labelledby="family-documents" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs">
            <h2 id="family-documents" className="text-lg font-semibold text-slate-900">
              Documents
            </h2>
            {view.documents.returnReceipt && returnReceiptHref ? (
              <a
                href={returnReceiptHref}
                className="flex h-12 items-center justify-center rounded-xl border border-slate-300 px-4 text-base font-semibold text-slate-900 hover:bg-slate-50"
              >
                Return receipt (PDF)
              </a>
            ) : null}
            {view.certificateAvailable ? (
              <a
                href={certificateHref}
                className="flex h-14 items-center justify-center rounded-xl bg-brand-600 px-5 text-lg font-semibold text-white shadow-xs hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                Certificate of cremation (PDF)
              </a>
            ) : null}
          </section>
        ) : null}

        <p className="text-center text-sm text-slate-600">This page updates as each step is done. Keep the link to come back.</p>
    </FamilyFrame>
  );
}
