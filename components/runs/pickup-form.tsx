"use client";

import dynamic from "next/dynamic";
import { useId, useState } from "react";
import { loadQrCamera } from "@/components/cases/load-qr-camera";
import { SignaturePad } from "@/components/cases/signature-pad";
import { Button, buttonClasses } from "@/components/ui/button";
import { Input, Radio } from "@/components/ui/input";
import { SERVICE_TYPES, SERVICE_TYPE_LABELS, type ServiceType } from "@/lib/cases/stations";
import type { RecordPickupBody, RunPet, RunStop } from "@/lib/validations/runs";
import { pickupPhotoDataUrl } from "./pickup-photo";

/** The camera and its QR reader load when the camera is opened (the scan screen's). */
const QrCamera = dynamic(() => loadQrCamera().then((m) => m.QrCamera), {
  ssr: false,
  loading: () => <div className="aspect-square w-full animate-pulse rounded-2xl bg-slate-200" aria-hidden="true" />,
});

export type PickupDraft = Omit<RecordPickupBody, "requestId" | "clientUuid" | "deviceTime">;

/** The phone's place, when it gives one within a few seconds (never required: vans lose GPS too). */
function currentPlace(): Promise<RecordPickupBody["place"]> {
  return new Promise((resolve) => {
    if (typeof navigator === "undefined" || !navigator.geolocation) return resolve(null);
    const timer = setTimeout(() => resolve(null), 4000);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracyMeters: Math.round(p.coords.accuracy) });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: 4000, maximumAge: 60_000 },
    );
  });
}

/**
 * Picking up one pet at a stop: the tag scanned off its label (or typed; no label: print one here),
 * a photo, who handed it over and their signature, and the service type when the request has none.
 * What the driver entered stays in the form while the answer is awaited.
 */
export function PickupForm({
  pet,
  stop,
  busy,
  onSubmit,
  onCancel,
  labelHref,
}: {
  pet: RunPet;
  stop: RunStop;
  busy: boolean;
  onSubmit: (draft: PickupDraft) => void;
  onCancel: () => void;
  /** The request's label PDF, to print one on the spot. */
  labelHref?: string | null;
}) {
  const [tag, setTag] = useState("");
  const [camera, setCamera] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [releasedBy, setReleasedBy] = useState("");
  const [signature, setSignature] = useState<string | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [serviceType, setServiceType] = useState<ServiceType | null>(pet.serviceType);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = { tag: useId(), releasedBy: useId(), signature: useId(), photo: useId(), note: useId(), service: useId() };

  async function submit() {
    if (!releasedBy.trim()) return setError("Enter the name of the person handing over the pet.");
    if (!signature) return setError("The person handing over the pet must sign.");
    if (!serviceType) return setError("Choose the service type.");
    setError(null);
    const place = await currentPlace();
    onSubmit({
      tag: tag.trim() || null,
      releasedBy: releasedBy.trim(),
      signature,
      photo,
      note: note.trim() || null,
      place,
      ...(pet.serviceType ? {} : { serviceType }),
    });
  }

  return (
    <form
      aria-label={`Pick up ${pet.petName}`}
      className="mx-auto max-w-xl space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div>
        <p className="text-sm font-medium tracking-wide text-slate-600 uppercase">Picking up at {stop.name}</p>
        <p className="text-3xl font-bold break-words text-slate-900">{pet.petName}</p>
        <p className="text-base text-slate-700">
          {pet.petSpecies}
          {pet.petWeightLbs ? ` · ${pet.petWeightLbs} lb` : ""} · {pet.number}
        </p>
        {pet.note ? <p className="text-base text-slate-700">{pet.note}</p> : null}
      </div>

      <div className="space-y-2">
        <label htmlFor={ids.tag} className="block text-lg font-semibold text-slate-900">
          Tag on the pet
        </label>
        {camera ? (
          <div className="space-y-2">
            <QrCamera
              onRead={(text) => {
                setTag(text);
                setCamera(false);
              }}
              onError={(message) => {
                setCameraError(message);
                setCamera(false);
              }}
            />
            <Button variant="secondary" size="lg" className="h-12 w-full" onClick={() => setCamera(false)}>
              Close the camera
            </Button>
          </div>
        ) : (
          <Button variant="secondary" size="lg" className="h-12 w-full" onClick={() => {
              setCameraError(null);
              setCamera(true);
            }}>
            Scan the tag
          </Button>
        )}
        {cameraError ? <p className="text-sm text-red-700">{cameraError}</p> : null}
        <Input id={ids.tag} value={tag} onChange={(e) => setTag(e.target.value)} placeholder={pet.number} autoCapitalize="characters" autoComplete="off" spellCheck={false} className="h-12 text-lg" />
        <p className="text-sm text-slate-600">
          No label on the pet?{" "}
          {labelHref ? (
            <a href={labelHref} target="_blank" rel="noopener" className="font-medium text-indigo-700 underline">
              Print its label here
            </a>
          ) : (
            "Print its label from the clinic's request"
          )}{" "}
          and leave the tag empty.
        </p>
      </div>

      {pet.serviceType ? null : (
        <fieldset className="space-y-1">
          <legend className="text-lg font-semibold text-slate-900">Service type</legend>
          {SERVICE_TYPES.map((type) => (
            <Radio key={type} id={`${ids.service}-${type}`} name={ids.service} checked={serviceType === type} onChange={() => setServiceType(type)} label={SERVICE_TYPE_LABELS[type]} className="text-base" />
          ))}
        </fieldset>
      )}

      <div className="space-y-1">
        <label htmlFor={ids.photo} className="block text-lg font-semibold text-slate-900">
          Photo (optional)
        </label>
        <input
          id={ids.photo}
          type="file"
          accept="image/*"
          capture="environment"
          className="block w-full text-base"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return setPhoto(null);
            try {
              setPhoto(await pickupPhotoDataUrl(file));
            } catch {
              setError("That photo could not be read; take it again.");
            }
          }}
        />
        {photo ? <p className="text-sm text-emerald-700">Photo ready</p> : null}
      </div>

      <div className="space-y-1">
        <label htmlFor={ids.releasedBy} className="block text-lg font-semibold text-slate-900">
          Handed over by
        </label>
        <Input id={ids.releasedBy} value={releasedBy} onChange={(e) => setReleasedBy(e.target.value)} autoComplete="off" className="h-12 text-lg" />
      </div>
      <div className="space-y-1">
        <p id={ids.signature} className="text-lg font-semibold text-slate-900">
          Their signature
        </p>
        <SignaturePad labelId={ids.signature} onChange={setSignature} />
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.note} className="block text-base font-semibold text-slate-900">
          Note (optional)
        </label>
        <Input id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} className="h-12 text-base" />
      </div>

      {error ? (
        <p role="alert" className="text-lg font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <div className="grid gap-2">
        <Button type="submit" size="lg" className="h-14 text-lg" isLoading={busy}>
          Record pickup
        </Button>
        <button type="button" className={buttonClasses({ variant: "secondary", size: "lg", className: "h-14 text-lg" })} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
