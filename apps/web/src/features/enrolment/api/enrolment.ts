import {
  type EnrolmentSettings,
  type EnrolmentSettingsInput,
  enrolmentSettingsSchema,
  type Language,
} from '@loyalty/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { PREFETCHED } from '@/lib/query-client';
import { useTenantId } from '@/lib/workspace-context';

const enrolmentKeys = {
  all: (tenantId: string) => ['tenant', tenantId, 'enrolment'] as const,
  // Not under `all`: saving the settings must not wait for a poster to be drawn again (its key is the URL).
  poster: (tenantId: string, joinUrl: string, language: Language) =>
    ['tenant', tenantId, 'enrolment-poster', joinUrl, language] as const,
};

/** GET /api/tenants/enrolment: the saved settings, or the derived defaults (page closed) before the first save. */
async function fetchEnrolment(signal?: AbortSignal): Promise<EnrolmentSettings> {
  try {
    return await api.get('/api/tenants/enrolment', { schema: enrolmentSettingsSchema, signal });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.serverMessage ?? t('enrolment.fetchFailed'));
    throw error;
  }
}

export function enrolmentQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: enrolmentKeys.all(tenantId),
    queryFn: ({ signal }) => fetchEnrolment(signal),
    ...PREFETCHED,
  });
}

export function useEnrolment() {
  return useQuery(enrolmentQueryOptions(useTenantId()));
}

/** PUT /api/tenants/enrolment; the settings (and the poster, which shows the join URL) are read again after. */
export function useSaveEnrolment() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrolmentSettingsInput) =>
      api.put('/api/tenants/enrolment', body, { schema: enrolmentSettingsSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrolmentKeys.all(tenantId) }),
  });
}

export type PosterFormat = 'png' | 'pdf';
/** The poster in the language chosen on the screen (the API's own default is the account's saved language). */
const posterPath = (format: PosterFormat, language: Language) =>
  `/api/tenants/enrolment/poster.${format}?language=${encodeURIComponent(language)}`;

/**
 * The poster PNG as an object URL for the preview (it needs the bearer token, so no plain <img src>); kept
 * per join URL and language, and released when the query drops it.
 */
export function usePosterPreview(joinUrl: string, language: Language) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: enrolmentKeys.poster(tenantId, joinUrl, language),
    queryFn: async ({ signal }) =>
      URL.createObjectURL(
        await api.request<Blob>('GET', posterPath('png', language), { responseType: 'blob', signal }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Fetches the poster with the bearer token and hands it to the browser as a download. */
async function downloadPoster({ format, language }: { format: PosterFormat; language: Language }) {
  // `download=1` tells the server a poster was saved (the setup checklist's poster step), not previewed.
  const path = posterPath(format, language);
  const blob = await api.request<Blob>('GET', `${path}${path.includes('?') ? '&' : '?'}download=1`, {
    responseType: 'blob',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `join-poster.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download asynchronously; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadPoster() {
  return useMutation({ mutationFn: downloadPoster });
}
