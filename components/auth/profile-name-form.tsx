"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/components/ui/use-toast";
import { useUpdateProfile } from "@/lib/queries/account";
import { useCurrentUser, type CurrentUser } from "@/lib/queries/auth";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { updateProfileSchema, type UpdateProfileInput } from "@/lib/validations/auth";

/** Own first and last name; the header follows at once (same query cache entry). */
export function ProfileNameForm({ initialUser }: { initialUser: CurrentUser }) {
  const { data } = useCurrentUser({ initialUser });
  const user = data ?? initialUser;
  const router = useRouter();
  const update = useUpdateProfile();
  const form = useZodForm(updateProfileSchema, { defaultValues: { firstName: user.firstName, lastName: user.lastName } });

  const submit = (data: UpdateProfileInput) => {
    update.mutate(
      { firstName: data.firstName ?? user.firstName, lastName: data.lastName ?? user.lastName },
      {
        onSuccess: () => {
          toast({ title: "Profile updated", description: "Your name has been saved." });
          // Server-rendered parts (the page heading) read the name too.
          router.refresh();
        },
        onError: (error) => {
          applyServerErrors(form, error);
          toastError(error, { title: "Update failed" });
        },
      },
    );
  };

  return (
    <Form form={form} onSubmit={submit} className="space-y-4" aria-label="Your name">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="profile-first-name" name="firstName" label="First name" autoComplete="given-name" required />
        <Field id="profile-last-name" name="lastName" label="Last name" autoComplete="family-name" required />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={update.isPending}>
          Save name
        </Button>
      </div>
    </Form>
  );
}
