import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Company, CompanySummary } from '@fridgeparts/common/company.answers';
import { ApiError, apiFetch } from '../../../lib/infra/api-client';
import { pagedQueryOptions, usePagedList, type PagedList } from '../../../lib/infra/paged-query';
import { queryKeys } from '../../../lib/infra/query-keys';
import type { createBodyOf, inviteBodyOf, memberBodyOf, patchBodyOf } from '../lib/company-form';

/** Companies per page of the shop admin's list (GET /companies takes up to 100). */
export const COMPANY_PAGE_SIZE = 20;

/** GET /companies (shop admin): oldest first, "Load more" on the API's cursor (decision 0055). */
export function useCompanyList(): PagedList<CompanySummary> {
  return usePagedList(pagedQueryOptions<CompanySummary>(queryKeys.companies.list(), API.companies, COMPANY_PAGE_SIZE, { auth: true }));
}

/**
 * GET /companies/{id} with its people. Read past the browser's cache, because the form saves with
 * the version it shows. Quiet: the page shows the failure with Try again.
 */
export function useCompany(id: string) {
  return useQuery({
    queryKey: queryKeys.companies.one(id),
    queryFn: ({ signal }) => apiFetch<Company>(API.company(id), { auth: true, fresh: true, quiet: true, signal }),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
}

/**
 * After any write the server answered with the company as it now is: that company's page shows it
 * at once, and the list (counts) and the caller's own company (role, people) read again.
 */
function settleCompany(queryClient: QueryClient, company: Company): Promise<unknown> {
  queryClient.setQueryData(queryKeys.companies.one(company._id), company);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.companies.list() }),
    queryClient.invalidateQueries({ queryKey: ['companies', 'mine'] }),
  ]);
}

/** POST /companies (shop admin). Field messages go on the form's fields; anything else is toasted. */
export function useCreateCompany(): (body: ReturnType<typeof createBodyOf>) => Promise<Company> {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (body: ReturnType<typeof createBodyOf>) => apiFetch<Company>(API.companies, { method: 'POST', auth: true, body }),
    onSuccess: (company) => settleCompany(queryClient, company),
  });
  return create.mutateAsync;
}

/**
 * PATCH /companies/{id} (shop admin) with the version the form was filled from. Quiet: the form
 * explains a 412 (someone else saved first) with the company as it is now, and shows field messages
 * at their fields; it toasts anything else itself.
 */
export function useSaveCompany(id: string): (change: { body: ReturnType<typeof patchBodyOf>; version: string }) => Promise<Company> {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ body, version }: { body: ReturnType<typeof patchBodyOf>; version: string }) =>
      apiFetch<Company>(API.company(id), { method: 'PATCH', auth: true, body, quiet: true, ifMatch: version }),
    onSuccess: (company) => settleCompany(queryClient, company),
  });
  return save.mutateAsync;
}

/**
 * The people of a company (shop admin, or that company's admin): invite, withdraw an invitation,
 * change a member's role or limit, remove a member. Each answers the company as it now is.
 */
export function usePeopleActions(companyId: string) {
  const queryClient = useQueryClient();
  const settle = (company: Company) => settleCompany(queryClient, company);
  const invite = useMutation({
    // Quiet: the invite form puts field messages at their fields and toasts the rest itself.
    mutationFn: (body: ReturnType<typeof inviteBodyOf>) =>
      apiFetch<Company>(API.companyInvitations(companyId), { method: 'POST', auth: true, body, quiet: true }),
    onSuccess: settle,
  });
  const withdraw = useMutation({
    mutationFn: (email: string) => apiFetch<Company>(API.companyInvitation(companyId, email), { method: 'DELETE', auth: true }),
    onSuccess: settle,
  });
  const update = useMutation({
    mutationFn: ({ uid, body }: { uid: string; body: ReturnType<typeof memberBodyOf> }) =>
      apiFetch<Company>(API.companyMember(companyId, uid), { method: 'PATCH', auth: true, body, quiet: true }),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: (uid: string) => apiFetch<Company>(API.companyMember(companyId, uid), { method: 'DELETE', auth: true }),
    onSuccess: settle,
  });
  return { invite: invite.mutateAsync, withdraw: withdraw.mutateAsync, updateMember: update.mutateAsync, removeMember: remove.mutateAsync };
}
