"use client";

import { useRouter } from "next/navigation";
import { formatDateTime } from "@/lib/dates";
import { familyAuthorizationPdfHref, signFamilyAuthorization, type Authorization } from "@/lib/queries/cases";
import { AuthorizationForm } from "./authorization-form";

/**
 * The family page's cremation authorization: the form to read and sign while the case is open and
 * unsigned; once signed, who signed it and when, with the signed PDF.
 */
export function FamilyAuthorization({ token, authorization, open }: { token: string; authorization: Authorization; open: boolean }) {
  const router = useRouter();
  const current = authorization.current;
  if (!current && !open) return null;
  return (
    <section aria-labelledby="family-authorization" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs">
      <h2 id="family-authorization" className="text-lg font-semibold text-slate-900">
        Cremation authorization
      </h2>
      {current ? (
        <>
          <p className="mt-2 text-base text-slate-700" data-testid="authorization-signed">
            Signed by {current.authorizingName} ({current.relationship}) on {formatDateTime(current.signedAt)}.
          </p>
          {current.hasPdf ? (
            <a
              href={familyAuthorizationPdfHref(token)}
              className="mt-3 flex h-12 items-center justify-center rounded-xl border border-slate-300 px-4 text-base font-semibold text-slate-900 hover:bg-slate-50"
            >
              Signed authorization (PDF)
            </a>
          ) : null}
        </>
      ) : (
        <>
          <p className="mt-2 mb-4 text-base text-slate-700">
            {authorization.versions.length > 0
              ? "The service or its options changed since you signed. Please read the authorization again and sign it; we cannot begin until you do."
              : "Please read and sign the authorization. We cannot begin the cremation until it is signed."}
          </p>
          <AuthorizationForm
            authorization={authorization}
            onSign={async (body) => {
              await signFamilyAuthorization(token, body);
              router.refresh();
            }}
          />
        </>
      )}
    </section>
  );
}
