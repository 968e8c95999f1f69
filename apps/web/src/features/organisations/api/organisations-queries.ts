import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { organisationsApi } from './organisations-api';

export const organisationsKeys = {
  all: ['organisations'] as const,
  list: (filters: { search?: string; page: number; pageSize: number }) =>
    ['organisations', 'list', filters] as const,
  names: ['organisations', 'names'] as const,
  progress: ['organisations', 'progress'] as const,
  details: (id: string) => ['organisations', 'details', id] as const,
};

export const useOrganisationList = (filters: { search?: string; page: number; pageSize: number }) =>
  useQuery({
    queryKey: organisationsKeys.list(filters),
    queryFn: () => organisationsApi.list(filters),
    placeholderData: keepPreviousData,
  });

export const useOrganisationNames = (enabled: boolean) =>
  useQuery({ queryKey: organisationsKeys.names, queryFn: organisationsApi.all, enabled });

export const useOrganisationDetails = (id: string | null) =>
  useQuery({
    queryKey: organisationsKeys.details(id ?? ''),
    queryFn: () => organisationsApi.details(id!),
    enabled: id !== null,
  });

export const useEditOrganisation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: organisationsApi.edit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationsKeys.all }),
  });
};

export const useCreateOrganisation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: organisationsApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationsKeys.all }),
  });
};

/** The organisation's name and first steps; refetched on focus so the stepper follows the work. */
export const useOrganisationProgress = () =>
  useQuery({ queryKey: organisationsKeys.progress, queryFn: organisationsApi.progress });
