/** The creator's profile and brand (`/api/profile`), over the typed client. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ifMatch, imageBody, unwrap, type components } from '../../../lib/api';

export type Profile = components['schemas']['Profile'];
export type ProfileChanges = Omit<Profile, 'logo' | 'created_at' | 'updated_at' | 'version'>;

const PROFILE = ['profile'] as const;

export function useProfile() {
  return useQuery({ queryKey: PROFILE, queryFn: ({ signal }) => unwrap(api.GET('/api/profile', { signal })) });
}

export function useSaveProfile() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, version }: { changes: ProfileChanges; version: number }) =>
      unwrap(api.PUT('/api/profile', { params: { header: ifMatch(version) }, body: changes })),
    onSuccess: (profile) => queries.setQueryData(PROFILE, profile),
  });
}

export function useUploadLogo() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => unwrap(api.PUT('/api/profile/logo', { ...imageBody(file) })),
    onSuccess: (profile) => queries.setQueryData(PROFILE, profile),
  });
}

export function useRemoveLogo() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/profile/logo')),
    onSuccess: (profile) => queries.setQueryData(PROFILE, profile),
  });
}
