import { ProfileSettings, type ProfileSettingsPatch } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

/** PATCH /api/user/profile: a username, the public switch or the favourites (applied at once). */
export function useUpdateProfileSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfileSettingsPatch) =>
      apiFetch('/api/user/profile', {
        method: 'PATCH',
        body: patch,
        contract: import.meta.env.DEV ? ProfileSettings : undefined,
      }),
    onSuccess: (settings) => {
      qc.setQueryData(socialKeys.settings, settings);
      // The own profile page shows the new name or visibility.
      void qc.invalidateQueries({ queryKey: socialKeys.profiles });
    },
  });
}
