import { type TReminderSettings, ZReminderSettings } from '@settle/shared/reminders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const remindersKey = ['reminders'] as const;

/** GET {api}/reminders: which due-date reminders the user receives. */
export function useReminderSettings() {
  return useQuery({
    queryKey: remindersKey,
    queryFn: ({ signal }) =>
      apiRequest('/reminders', { schema: ZReminderSettings, signal, showsOwnFailure: true }),
  });
}

/** PUT {api}/reminders. */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReminderSettings) =>
      apiRequest('/reminders', { method: 'PUT', body, schema: ZReminderSettings }),
    onSuccess: (saved) => queryClient.setQueryData(remindersKey, saved),
  });
}
