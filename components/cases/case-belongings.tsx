"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { formatDateTime } from "@/lib/dates";
import { caseBelongingPhotoHref, useAddCaseBelonging, useCaseBelongings, useRemoveCaseBelonging, type Belonging } from "@/lib/queries/cases";
import { BELONGING_DISPOSITIONS, BELONGING_DISPOSITION_LABELS } from "@/lib/validations/cases";
import { scaledPhoto } from "./case-form";

/**
 * The case page's personal belongings (docs/cases.md "Belongings"): each item with its photo and
 * what happens to it, and who checked it off at packaged and at returned; admins and managers add
 * items (with a photo, scaled on this device) and remove one recorded by mistake while the case is open.
 */
export function CaseBelongings({ number, canEdit, open }: { number: string; canEdit: boolean; open: boolean }) {
  const { data } = useCaseBelongings(number);
  const remove = useRemoveCaseBelonging(number);
  if (!data) return null;
  const editable = canEdit && open;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Belongings ({data.items.length})</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {data.items.length === 0 ? <p className="text-sm text-slate-700">No personal items came in with the pet.</p> : null}
        <ul className="divide-y divide-slate-100" data-testid="case-belongings">
          {data.items.map((item) => (
            <li key={item.id} className="flex items-start gap-3 py-2">
              {item.hasPhoto ? (
                <a href={caseBelongingPhotoHref(number, item.id)} target="_blank" rel="noopener" className="shrink-0">
                  {/* eslint-disable-next-line @next/next/no-img-element -- an authorized API file, not a static asset */}
                  <img src={caseBelongingPhotoHref(number, item.id)} alt={`Photo of ${item.description}`} className="size-14 rounded-lg object-cover ring-1 ring-slate-200" />
                </a>
              ) : null}
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium break-words text-slate-900">{item.description}</p>
                <p className="text-slate-700">{BELONGING_DISPOSITION_LABELS[item.disposition]}</p>
                <CheckOffs item={item} />
              </div>
              {editable && !item.packaged && !item.returned ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${item.description}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(item.id, { onError: (failure) => toastError(failure, { title: "The item was not removed" }) })}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        {editable ? <AddBelonging number={number} /> : null}
      </CardContent>
    </Card>
  );
}

function CheckOffs({ item }: { item: Belonging }) {
  if (item.disposition !== "return") return null;
  return (
    <p className="text-xs text-slate-600">
      {item.packaged ? `Packaged ✓ ${item.packaged.by}, ${formatDateTime(item.packaged.at)}` : "Not packaged yet"}
      {item.returned ? ` · Returned ✓ ${item.returned.by}, ${formatDateTime(item.returned.at)}` : ""}
    </p>
  );
}

function AddBelonging({ number }: { number: string }) {
  const add = useAddCaseBelonging(number);
  const [description, setDescription] = useState("");
  const [disposition, setDisposition] = useState<(typeof BELONGING_DISPOSITIONS)[number]>("return");
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [photoNote, setPhotoNote] = useState<string | null>(null);
  const [fileKey, setFileKey] = useState(0);
  return (
    <form
      className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!description.trim()) return;
        add.mutate(
          { description: description.trim(), disposition, photo },
          {
            onSuccess: () => {
              toast({ title: "Item recorded", description: description.trim() });
              setDescription("");
              setPhoto(null);
              setPhotoNote(null);
              setFileKey((k) => k + 1);
            },
            onError: (failure) => toastError(failure, { title: "The item was not recorded" }),
          },
        );
      }}
    >
      <label className="text-sm font-medium text-slate-800">
        Item
        <Input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} placeholder="Collar, blanket, toy, tag…" required />
      </label>
      <label className="text-sm font-medium text-slate-800">
        What happens to it
        <Select value={disposition} onChange={(e) => setDisposition(e.target.value as typeof disposition)}>
          {BELONGING_DISPOSITIONS.map((d) => (
            <option key={d} value={d}>
              {BELONGING_DISPOSITION_LABELS[d]}
            </option>
          ))}
        </Select>
      </label>
      <label className="text-sm font-medium text-slate-800 sm:col-span-2">
        Photo of the item
        <input
          key={fileKey}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="mt-1 block w-full text-sm text-slate-700"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            try {
              setPhoto(await scaledPhoto(file));
              setPhotoNote("Photo ready.");
            } catch {
              setPhoto(null);
              setPhotoNote("This file could not be read as a photo.");
            }
          }}
        />
        {photoNote ? <span className="mt-1 block text-xs font-normal text-slate-600">{photoNote}</span> : null}
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending || !description.trim()}>
          Add item
        </Button>
      </div>
    </form>
  );
}
