import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody, UserCurrent } from '@footfall/domain';
import { api } from '../../../lib/api-client';
import { anyCurrentUserKey } from '../../../lib/session/current-user';

/** PUT /api/User/profile (spec section 7 "User"). Password fields are sent only to change it. */
export const updateProfile = (body: ProfileBody) =>
  api<UserCurrent>('/api/User/profile', { method: 'PUT', body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: anyCurrentUserKey() }),
  });
}
