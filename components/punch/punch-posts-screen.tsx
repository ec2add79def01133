"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { fieldErrorsOf, getFriendlyError } from "@/lib/api-client";
import { PUNCH_POSTS_KEY, punchQrPdfHref, useCreatePunchPost, usePunchPosts, useRemovePunchPost, useRotatePunchPost, useUpdatePunchPost } from "@/lib/queries/punch-posts";
import { formatDateTime } from "@/lib/dates";
import type { PunchPost } from "@/lib/validations/punch";
import { useQueryClient } from "@tanstack/react-query";

const labelOf = (post: Pick<PunchPost, "name" | "location">) => post.name ?? post.location;

/**
 * /admin/punch-posts: every printed punch QR post with its name, where it hangs, when it was last
 * printed and its key version; Print (the post's PDF), Rotate (voids the printed copies) and
 * Remove, plus adding and renaming posts.
 */
export function PunchPostsScreen() {
  const posts = usePunchPosts();
  const [confirm, setConfirm] = useState<{ kind: "rotate" | "remove"; post: PunchPost } | null>(null);
  const rotate = useRotatePunchPost();
  const remove = useRemovePunchPost();

  const run = () => {
    if (!confirm) return;
    const { kind, post } = confirm;
    const done = () => setConfirm(null);
    if (kind === "rotate") {
      rotate.mutate(post.location, {
        onSuccess: (r) => {
          toast({ title: "Key rotated", description: `${labelOf(post)} is now on key version ${r.keyVersion}. Print it again and replace the copies on the wall.` });
          done();
        },
        onError: (e) => toastError(e),
      });
    } else {
      remove.mutate(post.id, {
        onSuccess: () => {
          toast({ title: "Punch post removed", description: `${labelOf(post)}'s printed copies no longer punch anyone in.` });
          done();
        },
        onError: (e) => toastError(e),
      });
    }
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Punch posts</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          Each post is a printed QR code on a wall: scanning it punches a signed-in member in at that post. Rotate a post when a copy is lost or
          photographed; remove one that is taken down.
        </p>
      </div>
      <AddPostForm />
      {posts.isError ? (
        <EmptyState title={getFriendlyError(posts.error).title} description={getFriendlyError(posts.error).description} />
      ) : !posts.data ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : posts.data.items.length === 0 ? (
        <EmptyState title="No punch posts yet" description="Add a post above, or print the default one from Settings → Print Punch QR Code." />
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white" aria-label="Punch posts">
          {posts.data.items.map((post) => (
            <PostRow key={post.id} post={post} onRotate={() => setConfirm({ kind: "rotate", post })} onRemove={() => setConfirm({ kind: "remove", post })} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm?.kind === "remove" ? `Remove ${confirm ? labelOf(confirm.post) : ""}?` : `Rotate the key of ${confirm ? labelOf(confirm.post) : ""}?`}
        description={
          confirm?.kind === "remove"
            ? "Printed copies of this post stop working: scanning one no longer punches anyone in. Take them off the wall."
            : "Printed copies of this post stop working: scanning one only asks before punching in. Print the post again and replace every copy."
        }
        confirmLabel={confirm?.kind === "remove" ? "Remove post" : "Rotate key"}
        pending={rotate.isPending || remove.isPending}
        onConfirm={run}
      />
    </div>
  );
}

function PostRow({ post, onRotate, onRemove }: { post: PunchPost; onRotate: () => void; onRemove: () => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  return (
    <li className="flex flex-wrap items-start gap-3 px-4 py-3" data-testid="punch-post-row">
      <div className="min-w-0 flex-1">
        {editing ? (
          <EditPostForm post={post} onDone={() => setEditing(false)} />
        ) : (
          <>
            <p className="font-medium text-slate-900">{labelOf(post)}</p>
            <p className="text-sm text-slate-600">{post.place ?? "Where it is: not given"}</p>
            <p className="mt-0.5 text-xs text-slate-600">
              Code location <span className="font-mono">{post.location}</span> · {post.lastPrintedAt ? `Last printed ${formatDateTime(post.lastPrintedAt)}` : "Never printed"} · Key
              version {post.keyVersion}
            </p>
          </>
        )}
      </div>
      {editing ? null : (
        <div className="flex flex-wrap gap-2">
          <a
            href={punchQrPdfHref(post.location)}
            target="_blank"
            rel="noopener"
            // The PDF request records the print: refresh "Last printed" once it has been served.
            onClick={() => window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: PUNCH_POSTS_KEY }), 1500)}
            className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
            aria-label={`Print ${labelOf(post)}`}
          >
            Print
          </a>
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${labelOf(post)}`}>
            Edit
          </Button>
          <Button variant="secondary" size="sm" onClick={onRotate} aria-label={`Rotate ${labelOf(post)}`}>
            Rotate
          </Button>
          <Button variant="destructive" size="sm" onClick={onRemove} aria-label={`Remove ${labelOf(post)}`}>
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

function AddPostForm() {
  const ids = { location: useId(), name: useId(), place: useId() };
  const create = useCreatePunchPost();
  const [values, setValues] = useState({ location: "", name: "", place: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!values.location.trim()) {
      setErrors({ location: "Enter the location the code carries (e.g. crematory-back)." });
      return;
    }
    setErrors({});
    create.mutate(values, {
      onSuccess: (post) => {
        toast({ title: "Punch post added", description: `${labelOf(post)}: print it and put it on the wall.` });
        setValues({ location: "", name: "", place: "" });
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (Object.keys(fields).length) setErrors(fields);
        toastError(error);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" aria-label="Add a punch post">
      <div>
        <Label htmlFor={ids.name}>Name</Label>
        <Input id={ids.name} value={values.name} placeholder="Crematory back room" onChange={(e) => setValues({ ...values, name: e.target.value })} />
      </div>
      <div>
        <Label htmlFor={ids.place}>Where it is</Label>
        <Input id={ids.place} value={values.place} placeholder="Left of the retort door" onChange={(e) => setValues({ ...values, place: e.target.value })} />
      </div>
      <div>
        <Label htmlFor={ids.location}>Code location</Label>
        <Input
          id={ids.location}
          value={values.location}
          placeholder="crematory-back"
          aria-invalid={errors.location ? true : undefined}
          aria-describedby={errors.location ? `${ids.location}-error` : undefined}
          onChange={(e) => setValues({ ...values, location: e.target.value })}
        />
        {errors.location ? (
          <p id={`${ids.location}-error`} className="mt-1 text-xs text-red-700">
            {errors.location}
          </p>
        ) : null}
      </div>
      <Button type="submit" isLoading={create.isPending}>
        Add post
      </Button>
    </form>
  );
}

function EditPostForm({ post, onDone }: { post: PunchPost; onDone: () => void }) {
  const ids = { name: useId(), place: useId() };
  const update = useUpdatePunchPost();
  const [name, setName] = useState(post.name ?? "");
  const [place, setPlace] = useState(post.place ?? "");
  return (
    <form
      className="grid gap-2 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end"
      aria-label={`Edit ${labelOf(post)}`}
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { id: post.id, name, place },
          {
            onSuccess: () => {
              toast({ title: "Punch post saved" });
              onDone();
            },
            onError: (e) => toastError(e),
          },
        );
      }}
    >
      <div>
        <Label htmlFor={ids.name}>Name</Label>
        <Input id={ids.name} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div>
        <Label htmlFor={ids.place}>Where it is</Label>
        <Input id={ids.place} value={place} onChange={(e) => setPlace(e.target.value)} />
      </div>
      <Button type="submit" size="sm" isLoading={update.isPending}>
        Save
      </Button>
      <Button variant="secondary" size="sm" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}
