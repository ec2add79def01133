"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { formatDateTime } from "@/lib/dates";
import { caseAuthorizationPdfHref, useCaseAuthorization, useSignCaseAuthorization } from "@/lib/queries/cases";
import { AuthorizationForm } from "./authorization-form";

const VIA = { family_link: "from the family's link", counter: "at the counter", clinic: "at the counter" } as const;

/**
 * The case page's cremation authorization: signed or not (the chamber takes no pet without it),
 * each signed version with its PDF (a voided one with why), and for admins and managers the form
 * to sign at the counter, on this screen, with the family.
 */
export function CaseAuthorization({ number, canSign, open, clinic }: { number: string; canSign: boolean; open: boolean; clinic: string | null }) {
  const { data } = useCaseAuthorization(number);
  const sign = useSignCaseAuthorization(number);
  /** "family": the family signs here; "clinic": staff record the referring clinic's authorization. */
  const [signing, setSigning] = useState<"family" | "clinic" | null>(null);
  if (!data) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Cremation authorization</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {data.signed ? (
          <p className="text-sm text-slate-800" data-testid="case-authorization-status">
            <Badge variant="success">Signed</Badge> by {data.current!.authorizingName} ({data.current!.relationship}) {VIA[data.current!.signedVia]}, {formatDateTime(data.current!.signedAt)}.
            {data.current!.clinic ? (
              <span className="block" data-testid="case-authorization-on-behalf">
                Authorized by {data.current!.clinic.name} on the owner&apos;s behalf{data.current!.clinic.reference ? ` (their reference ${data.current!.clinic.reference})` : ""}.
              </span>
            ) : null}
          </p>
        ) : (
          <p className="text-sm text-slate-800" data-testid="case-authorization-status">
            <Badge variant="danger">Not signed</Badge> The chamber takes no pet until the family signs (from its link, or here at the counter).
          </p>
        )}
        {data.versions.length > 0 ? (
          <ul className="divide-y divide-slate-100 text-sm">
            {data.versions.map((v) => (
              <li key={v.version} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                <span className="text-slate-700">
                  Version {v.version}: {v.authorizingName}, {formatDateTime(v.signedAt)}
                  {v.voidedAt ? <span className="text-red-700"> — voided: {v.voidReason}</span> : null}
                </span>
                {v.hasPdf ? (
                  <a href={caseAuthorizationPdfHref(number, v.version)} target="_blank" rel="noopener" className="font-medium text-indigo-700 hover:underline">
                    PDF
                  </a>
                ) : (
                  <span className="text-slate-600">No PDF on file</span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {!data.signed && canSign && open ? (
          signing ? (
            <div className="rounded-lg border border-slate-200 p-3">
              <p className="mb-3 text-sm text-slate-700">
                {signing === "clinic" ? `Record the authorization ${clinic} gave on the owner's behalf, with the name of the person there who gave it.` : "Hand the screen to the person authorizing the cremation."}
              </p>
              <AuthorizationForm
                authorization={data}
                clinic={signing === "clinic" && clinic ? clinic : undefined}
                signLabel={signing === "clinic" ? "Record the clinic's authorization" : "Sign at the counter"}
                onSign={async (body) => {
                  await sign.mutateAsync(body);
                  toast({ title: "Authorization signed", description: number });
                  setSigning(null);
                }}
              />
              <Button variant="ghost" className="mt-2" onClick={() => setSigning(null)}>
                Cancel
              </Button>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setSigning("family")}>
                Sign at the counter
              </Button>
              {clinic ? (
                <Button variant="secondary" onClick={() => setSigning("clinic")}>
                  Record the clinic&apos;s authorization
                </Button>
              ) : null}
            </div>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
