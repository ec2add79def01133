import { formatDateTime } from "@/lib/dates";
import { formatShortDate } from "@/lib/dates/instant-labels";
import { printedCode } from "@/lib/cases/certificate";
import type { CertificateCheck } from "@/lib/validations/cases";

/**
 * A certificate checked against the custody log (/verify/{code}): whether it matches, and when it
 * does, what the paper itself shows, to compare line by line. Nothing the certificate does not show.
 */
export function CertificateCheckResult({ check, code }: { check: CertificateCheck; code: string }) {
  const cert = check.certificate;
  return (
    <>
      <section
        aria-labelledby="check-outcome"
        className={`rounded-2xl border p-5 shadow-xs ${check.match ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50"}`}
      >
        <p className={`text-sm font-medium ${check.match ? "text-emerald-800" : "text-red-800"}`}>Certificate of cremation</p>
        <h1 id="check-outcome" className={`mt-1 text-2xl font-bold tracking-tight ${check.match ? "text-emerald-900" : "text-red-900"}`}>
          {check.match ? "✓ Matches our custody records" : "Does not match our custody records"}
        </h1>
        <p className="mt-2 text-base text-slate-800">{check.message}</p>
        <p className="mt-3 text-sm text-slate-700">
          Verification code <span className="font-mono font-semibold break-all text-slate-900">{printedCode(cert?.code ?? code)}</span>
        </p>
      </section>
      {cert ? (
        <section aria-labelledby="check-certificate" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs">
          <h2 id="check-certificate" className="text-lg font-semibold text-slate-900">
            What the certificate shows
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-base">
            <dt className="text-slate-600">Pet</dt>
            <dd className="min-w-0 font-semibold break-words text-slate-900">{cert.pet}</dd>
            <dt className="text-slate-600">Family</dt>
            <dd className="min-w-0 break-words text-slate-900">{cert.familyName}</dd>
            <dt className="text-slate-600">Case number</dt>
            <dd className="text-slate-900">{cert.caseNumber}</dd>
            <dt className="text-slate-600">Service</dt>
            <dd className="text-slate-900">{cert.service}</dd>
            <dt className="text-slate-600">Cremation</dt>
            <dd className="text-slate-900">{cert.crematedAt ? formatDateTime(cert.crematedAt) : "-"}</dd>
            <dt className="text-slate-600">Chamber</dt>
            <dd className="text-slate-900">{cert.chamber ?? "-"}</dd>
            {cert.remainsWeight ? (
              <>
                <dt className="text-slate-600">Ashes returned</dt>
                <dd className="text-slate-900">{cert.remainsWeight}, weighed when prepared</dd>
              </>
            ) : null}
          </dl>
          <p className="mt-3 text-base text-slate-700">{cert.serviceNote}</p>
          <h3 className="mt-5 text-base font-semibold text-slate-900">Chain of custody</h3>
          <ol className="mt-2 divide-y divide-slate-100">
            {cert.steps.map((step) => (
              <li key={step.n} className="flex gap-3 py-2 text-base">
                <span className="w-6 shrink-0 text-right text-slate-500">{step.n}</span>
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{step.label}</span>
                  <span className="block text-sm text-slate-600">{formatDateTime(step.at)}</span>
                </span>
              </li>
            ))}
          </ol>
          <p className="mt-4 text-sm text-slate-700">
            Issued electronically by {cert.issuedBy} on {formatShortDate(cert.issuedAt)}.
          </p>
        </section>
      ) : null}
    </>
  );
}
