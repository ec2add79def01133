"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { casePhotoHref, useCase } from "@/lib/queries/cases";
import { SignaturePad } from "./signature-pad";

/** What the person at the counter has already given: kept when only the tag must be read again. */
export interface ReturnDraft {
  receiverName: string;
  signature: string | null;
}

/** The server refused the tag serial: the sentence to show beside the tag field. */
export interface TagRefusal {
  message: string;
  overridable: boolean;
}

/**
 * The returned step of /scan: the case to hand over (the pet's name and photo and the family's
 * name, to check against the person at the counter), who receives it, the serial read off the
 * tag, and an optional signature. After a tag mismatch the form comes back with the receiver's
 * name and the signature kept and the tag field empty, so only the tag is read again; an
 * administrator may still override the mismatch with a reason.
 */
export function ReturnForm({
  refText,
  draft,
  refusal,
  onSubmit,
  onCancel,
  onOverride,
}: {
  refText: string;
  draft?: ReturnDraft | null;
  refusal?: TagRefusal | null;
  onSubmit: (extra: { receiverName: string; signature: string | null; tagSerial: string }) => void;
  onCancel: () => void;
  /** Shown after an overridable mismatch to those who may override. */
  onOverride?: (() => void) | null;
}) {
  const [receiverName, setReceiverName] = useState(draft?.receiverName ?? "");
  const [tagSerial, setTagSerial] = useState("");
  const [signature, setSignature] = useState<string | null>(draft?.signature ?? null);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const tagId = useId();
  const tagErrorId = useId();
  const signatureLabelId = useId();
  const kase = useCase(refText);
  const found = kase.data;

  return (
    <form
      aria-label="Return to the family"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!receiverName.trim()) return setError("Enter the name of the person receiving the pet.");
        if (!tagSerial.trim()) return setError("Enter the serial on the pet's tag.");
        setError(null);
        onSubmit({ receiverName: receiverName.trim(), signature, tagSerial: tagSerial.trim() });
      }}
    >
      {/* The height of a found case is kept while it loads, so the fields below do not jump under a finger. */}
      <div className="flex min-h-28 items-center gap-4" data-testid="return-case">
        {found?.hasPetPhoto ? (
          // eslint-disable-next-line @next/next/no-img-element -- an authorized API file, not a static asset
          <img src={casePhotoHref(found.number)} alt={`Photo of ${found.petName}`} className="size-24 shrink-0 rounded-xl object-cover ring-1 ring-slate-200" />
        ) : null}
        <div className="min-w-0">
          <p className="text-sm font-medium tracking-wide text-slate-600 uppercase">Returning</p>
          {found ? (
            <>
              <p className="text-3xl font-bold break-words text-slate-900">{found.petName}</p>
              <p className="text-lg break-words text-slate-800">{found.familyName}</p>
              <p className="text-base text-slate-600">
                {found.petSpecies} · {found.number}
              </p>
            </>
          ) : (
            <p className="text-xl font-semibold break-all text-slate-900">{kase.isPending ? "Looking up the case…" : refText.length > 24 ? "The labelled case" : refText}</p>
          )}
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={nameId} className="block text-lg font-semibold text-slate-900">
          Received by
        </label>
        <Input id={nameId} value={receiverName} onChange={(e) => setReceiverName(e.target.value)} autoComplete="off" className="h-14 text-xl" />
      </div>
      <div className="space-y-1">
        <label htmlFor={tagId} className="block text-lg font-semibold text-slate-900">
          Tag serial on the tag
        </label>
        {refusal ? (
          <p id={tagErrorId} role="alert" className="rounded-xl border-2 border-red-600 bg-red-50 p-3 text-lg font-semibold text-red-900">
            {refusal.message} Read the tag again.
          </p>
        ) : null}
        <Input
          id={tagId}
          value={tagSerial}
          onChange={(e) => setTagSerial(e.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          autoFocus={Boolean(refusal)}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? tagErrorId : undefined}
          className="h-14 text-xl"
        />
      </div>
      <div className="space-y-1">
        <p id={signatureLabelId} className="text-lg font-semibold text-slate-900">
          Signature (optional)
        </p>
        <SignaturePad labelId={signatureLabelId} initial={draft?.signature ?? null} onChange={setSignature} />
      </div>
      {error ? (
        <p role="alert" className="text-lg font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <div className="grid gap-2">
        <Button type="submit" size="lg" className="h-14 text-lg">
          Record return
        </Button>
        {refusal?.overridable && onOverride ? (
          <Button variant="secondary" size="lg" className="h-14 text-lg" onClick={onOverride}>
            Override with a reason
          </Button>
        ) : null}
        <Button variant="secondary" size="lg" className="h-14 text-lg" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
