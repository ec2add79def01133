import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { NotificationPreferences, UpdateNotificationPreferencesInput } from "@/lib/validations/notifications";

export const NOTIFICATION_PREFERENCES_PATH = "/api/user/notification-preferences";

export function useNotificationPreferences() {
  return useQuery<NotificationPreferences>({ queryKey: [NOTIFICATION_PREFERENCES_PATH] });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateNotificationPreferencesInput) => apiRequest<NotificationPreferences>("PUT", NOTIFICATION_PREFERENCES_PATH, input),
    onSuccess: (prefs) => queryClient.setQueryData([NOTIFICATION_PREFERENCES_PATH], prefs),
  });
}
