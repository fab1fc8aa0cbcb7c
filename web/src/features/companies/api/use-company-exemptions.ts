import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/infra/api-client';
import { queryKeys } from '../../../lib/infra/query-keys';
import type { Exemption, ExemptionList, TaxRegistrations } from '@fridgeparts/common/tax/exemption.answers';
import type { ExemptionUploadInput } from '@fridgeparts/common/tax/exemption.schema';
import { EXEMPTION_API } from '@fridgeparts/common/tax/exemption.paths';

/**
 * A company's tax exemption certificates (GET /companies/{id}/exemptions, newest first), for its
 * admin or the shop admin. Read past the browser's cache (a review changes them). Quiet: the section
 * shows the failure with Try again.
 */
export function useCompanyExemptions(companyId: string) {
  return useQuery({
    queryKey: queryKeys.exemptions.ofCompany(companyId),
    queryFn: ({ signal }) => apiFetch<ExemptionList>(EXEMPTION_API.companyExemptions(companyId), { auth: true, fresh: true, quiet: true, signal }),
  });
}

/**
 * The states the shop collects sales tax in (GET /tax/registrations): the only states a certificate
 * may be for. They change rarely (the server caches Stripe's answer for 10 minutes), so once a session.
 */
export function useTaxRegistrations() {
  return useQuery({
    queryKey: queryKeys.taxRegistrations(),
    queryFn: ({ signal }) => apiFetch<TaxRegistrations>(EXEMPTION_API.taxRegistrations, { auth: true, quiet: true, signal }),
    staleTime: 10 * 60_000,
  });
}

/**
 * POST /companies/{id}/shipTo/{shipToId}/exemptions: a certificate sent for review (201, pending).
 * Quiet: the dialog puts field messages at their fields and says anything else itself. Every list
 * of certificates reads again after it (this company's, the shop admin's review).
 */
export function useAddExemption(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shipToId, body }: { shipToId: string; body: ExemptionUploadInput }) =>
      apiFetch<Exemption>(EXEMPTION_API.shipToExemptions(companyId, shipToId), { method: 'POST', auth: true, body, quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.exemptions.all }),
  });
}
