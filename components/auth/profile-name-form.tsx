"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { useCurrentUser, useUpdateProfile, type CurrentUser } from "@/lib/queries/auth";
import { updateProfileSchema } from "@/lib/validations/auth";
import { Field, issuesToErrors } from "./field";
import { fieldErrorsOf, serverMessage } from "./server-message";

/** Own first and last name; the header follows at once (same query cache entry). */
export function ProfileNameForm({ initialUser }: { initialUser: CurrentUser }) {
  const { data } = useCurrentUser({ initialUser });
  const user = data ?? initialUser;
  const router = useRouter();
  const update = useUpdateProfile();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = updateProfileSchema.safeParse({ firstName: String(form.get("firstName") ?? ""), lastName: String(form.get("lastName") ?? "") });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(
      { firstName: parsed.data.firstName ?? user.firstName, lastName: parsed.data.lastName ?? user.lastName },
      {
        onSuccess: () => {
          toast({ title: "Profile updated", description: "Your name has been saved." });
          // Server-rendered parts (the page heading) read the name too.
          router.refresh();
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error));
          toast({ title: "Update failed", description: serverMessage(error), variant: "destructive" });
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4" aria-label="Your name">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="profile-first-name" name="firstName" label="First name" autoComplete="given-name" defaultValue={user.firstName} required error={errors.firstName} />
        <Field id="profile-last-name" name="lastName" label="Last name" autoComplete="family-name" defaultValue={user.lastName} required error={errors.lastName} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={update.isPending}>
          Save name
        </Button>
      </div>
    </form>
  );
}
