import { API } from '../../common/src/api-paths';
import { addCalendarDays, shopToday } from '../../common/src/availability/availability';
import { shipCutoff } from '../../functions/src/config';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';

/** Tax exemption certificates in the API tests (CONTRACT §15, decision 0084): companies, PDFs and uploads. */

export const TX_ADDRESS = { line1: '1500 Marilla St', city: 'Dallas', region: 'TX', postalCode: '75201', country: 'US' };
export const CA_ADDRESS = { line1: '1 Frank H Ogawa Plaza', city: 'Oakland', region: 'CA', postalCode: '94612', country: 'US' };

/** The shop's today, as the function reads it. */
export const shopDay = () => shopToday(new Date(), shipCutoff());
/** A PDF of `size` bytes: the magic, then bytes of every value (so any mangling of binary shows). */
export function pdfOf(size = 2_000, seed = 7): Buffer {
  const bytes = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    bytes[i] = x & 0xff;
  }
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return bytes;
}
export const certificateBody = (over: Record<string, unknown> = {}) => ({
  kind: 'resale',
  state: 'TX',
  number: '12-345',
  certificate: pdfOf().toString('base64'),
  signedOn: addCalendarDays(shopDay(), -30),
  expiresOn: addCalendarDays(shopDay(), 365),
  ...over,
});

export const uploadPath = (companyId: string, shipToId: string) => `/companies/${companyId}/shipTo/${shipToId}/exemptions`;
export const reviewPath = (companyId: string, shipToId: string, eid: string, what: 'approve' | 'reject') => `${uploadPath(companyId, shipToId)}/${eid}/${what}`;
export const listPath = (companyId: string) => `/companies/${companyId}/exemptions`;
export const filePath = (companyId: string, eid: string) => `/companies/${companyId}/exemptions/${eid}/certificate`;

export const upload = (user: TestUser, companyId: string, shipToId: string, body: object) =>
  api().post(uploadPath(companyId, shipToId)).set(bearer(user.token)).send(body);

/** A company made by the shop admin, its people joined the real way (an invitation, then a verified sign-in). */
export async function companyWith(
  shopAdminUser: TestUser,
  name: string,
  shipTo: { label: string; address: object }[],
  people: [TestUser, 'company-admin' | 'buyer'][],
): Promise<string> {
  const body = { name, billingAddress: shipTo[0]!.address, shipTo, terms: 'card' };
  const id = (await api().post(API.companies).set(bearer(shopAdminUser.token)).send(body).expect(201)).body._id as string;
  for (const [user, role] of people) {
    await api().post(API.companyInvitations(id)).set(bearer(shopAdminUser.token)).send({ email: user.email, role }).expect(201);
    await api().put(API.syncUser(user.email)).set(bearer(user.token)).expect(200);
  }
  return id;
}
