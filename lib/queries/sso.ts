import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import type * as op from "@/lib/sso/contracts";
import type { UpdateSsoSettingsInput } from "@/lib/validations/sso";

export const SSO_SETTINGS_PATH = "/api/admin/sso";

export type SsoSettings = z.output<(typeof op.getSsoSettings)["response"]>;

/** A save's answer: the settings and how many sessions requiring single sign-on ended. */
export type SavedSsoSettings = z.output<(typeof op.updateSsoSettings)["response"]>;

export const useSsoSettings = (initial: SsoSettings) => useQuery<SsoSettings>({ queryKey: [SSO_SETTINGS_PATH], initialData: initial });

export function useUpdateSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSsoSettingsInput) => apiRequest<SavedSsoSettings>("PUT", SSO_SETTINGS_PATH, body),
    // The settings part of the answer is the settings' new state (endedSessions is only the toast's).
    onSuccess: (saved) => queryClient.setQueryData<SsoSettings>([SSO_SETTINGS_PATH], saved),
  });
}
