"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox, Input, Radio } from "@/components/ui/input";
import { isApiError } from "@/lib/api-client";
import { BELONGING_DISPOSITION_LABELS, signAuthorizationSchema, type Authorization, type SignCounterAuthorizationInput } from "@/lib/validations/cases";
import { SignaturePad } from "./signature-pad";

/**
 * The cremation authorization to read and sign (docs/cases.md "Cremation authorization"): the pet,
 * the service explained plainly, the memorial options and the return, then who signs, their
 * relationship and right to decide, the declarations (implants, belongings) and a drawn signature.
 * The same form on the family's phone (from its link) and on the staff member's screen at the counter.
 * With `clinic`, staff record the referring clinic's authorization on the owner's behalf: the name
 * is the clinic staff member's, with the clinic's own reference (e.g. its consent form number).
 */
export function AuthorizationForm({
  authorization,
  onSign,
  signLabel = "Sign the authorization",
  clinic,
}: {
  authorization: Authorization;
  onSign: (body: SignCounterAuthorizationInput) => Promise<void>;
  signLabel?: string;
  clinic?: string;
}) {
  const { form } = authorization;
  const [name, setName] = useState("");
  const [relationship, setRelationship] = useState("");
  const [rightToDecide, setRightToDecide] = useState(false);
  const [implants, setImplants] = useState<string | null>(null);
  const [belongings, setBelongings] = useState<string | null>(null);
  const [signature, setSignature] = useState<string | null>(null);
  const [reference, setReference] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { name: useId(), relationship: useId(), right: useId(), signature: useId(), implants: useId(), belongings: useId(), reference: useId() };

  const submit = async () => {
    const parsed = signAuthorizationSchema.safeParse({ authorizingName: name, relationship, rightToDecide: rightToDecide || undefined, implants: implants ?? undefined, belongings: belongings ?? undefined, signature: signature ?? undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(issue.path[0] === "signature" ? "Sign in the box with your finger." : issue.message);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSign(clinic ? { ...parsed.data, onBehalfOfClinic: true, clinicReference: reference.trim() || null } : parsed.data);
    } catch (failure) {
      setError(isApiError(failure) && failure.serverMessage ? failure.serverMessage : "We could not record the signature. Try again, or call us.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label="Cremation authorization"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-base">
        {form.pet.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="font-medium break-words text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="rounded-xl bg-slate-50 p-3">
        <p className="text-base font-semibold text-slate-900">{form.service.label}</p>
        <p className="mt-1 text-base text-slate-700">{form.service.explanation}</p>
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-medium">Memorial options:</span> {form.options.length ? form.options.join(", ") : "none"}
        </p>
        <p className="text-sm text-slate-700">
          <span className="font-medium">Return of the ashes:</span> {form.returnMethod}
        </p>
      </div>

      <div className="space-y-1">
        <label htmlFor={ids.name} className="block text-base font-semibold text-slate-900">
          {clinic ? `Name of the person at ${clinic} who authorizes` : "Your full name"}
        </label>
        <Input id={ids.name} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" className="h-12 text-lg" />
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.relationship} className="block text-base font-semibold text-slate-900">
          Your relationship to the pet
        </label>
        <Input id={ids.relationship} value={relationship} onChange={(e) => setRelationship(e.target.value)} placeholder="Owner, family member, clinic on the owner's behalf…" autoComplete="off" className="h-12 text-lg" />
      </div>
      {clinic ? (
        <div className="space-y-1">
          <p className="text-base font-semibold text-slate-900">{clinic} authorizes this cremation on the owner&apos;s behalf.</p>
          <label htmlFor={ids.reference} className="block text-base font-semibold text-slate-900">
            The clinic&apos;s reference (optional)
          </label>
          <Input id={ids.reference} value={reference} onChange={(e) => setReference(e.target.value)} placeholder="e.g. its consent form number" autoComplete="off" maxLength={100} className="h-12 text-lg" />
        </div>
      ) : null}
      <Checkbox id={ids.right} checked={rightToDecide} onChange={(e) => setRightToDecide(e.target.checked)} label={form.rightToDecide} className="items-start text-base [&>input]:mt-1" />

      <fieldset className="space-y-2">
        <legend className="text-base font-semibold text-slate-900">Implants</legend>
        {form.implants.map((choice) => (
          <Radio key={choice.value} id={`${ids.implants}-${choice.value}`} name="implants" value={choice.value} checked={implants === choice.value} onChange={() => setImplants(choice.value)} label={choice.label} className="items-start text-base [&>input]:mt-1" />
        ))}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-base font-semibold text-slate-900">Personal belongings</legend>
        {form.items.length ? (
          <ul className="list-disc space-y-1 pl-5 text-base text-slate-800" data-testid="authorization-items">
            {form.items.map((item, i) => (
              <li key={i} className="break-words">
                {item.description}: {BELONGING_DISPOSITION_LABELS[item.disposition].toLowerCase()}
              </li>
            ))}
          </ul>
        ) : null}
        {form.belongings.map((choice) => (
          <Radio key={choice.value} id={`${ids.belongings}-${choice.value}`} name="belongings" value={choice.value} checked={belongings === choice.value} onChange={() => setBelongings(choice.value)} label={choice.label} className="items-start text-base [&>input]:mt-1" />
        ))}
      </fieldset>
      <p className="text-base text-slate-700">{form.irreversible}</p>
      <div className="space-y-1">
        <p id={ids.signature} className="text-base font-semibold text-slate-900">
          Signature
        </p>
        <SignaturePad labelId={ids.signature} onChange={setSignature} />
      </div>
      {error ? (
        <p role="alert" className="text-base font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="h-14 w-full text-lg" isLoading={busy}>
        {signLabel}
      </Button>
    </form>
  );
}
