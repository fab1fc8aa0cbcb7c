/**
 * The REST paths of the tax exemption certificates (CONTRACT §15, decision 0084), as api-paths.ts
 * builds the others: apart from its API object, which the first chunk of every page carries, since
 * only the company pages and the shop admin's review call these. Builders encode their arguments.
 */
import type { ExemptionStoredStatus } from './exemption';

const enc = encodeURIComponent;

export const EXEMPTION_API = {
  /** CONTRACT §15: the states the shop collects sales tax in (any signed-in user). */
  taxRegistrations: '/tax/registrations',
  /** CONTRACT §15: POST (that company's admin, or the shop admin) a ship-to's tax exemption certificate. */
  shipToExemptions: (id: string, shipToId: string) => `/companies/${enc(id)}/shipTo/${enc(shipToId)}/exemptions`,
  /** CONTRACT §15: GET a company's certificates (that company's admin, or the shop admin). */
  companyExemptions: (id: string) => `/companies/${enc(id)}/exemptions`,
  /** CONTRACT §15: GET a certificate's PDF (the same callers). */
  exemptionCertificate: (id: string, eid: string) => `/companies/${enc(id)}/exemptions/${enc(eid)}/certificate`,
  /** CONTRACT §15: POST (shop admin) approve; reject `{ reason }` (an approved one is revoked). */
  approveExemption: (id: string, shipToId: string, eid: string) => `/companies/${enc(id)}/shipTo/${enc(shipToId)}/exemptions/${enc(eid)}/approve`,
  rejectExemption: (id: string, shipToId: string, eid: string) => `/companies/${enc(id)}/shipTo/${enc(shipToId)}/exemptions/${enc(eid)}/reject`,
  /** CONTRACT §15: GET (shop admin) the certificates of one status, 25 a page, the cursor in the answer. */
  exemptions: (q: { status: ExemptionStoredStatus; cursor?: string }) => `/exemptions?status=${enc(q.status)}${q.cursor ? `&cursor=${enc(q.cursor)}` : ''}`,
} as const;
