import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '../../../test-support/toast';
import { failure, fakeApi, file, held, json } from '../../../test-support/fake-api';
import { catchDownloads } from '../../../test-support/downloads';
import { AUSTIN_ADDRESS, companyFixture, exemptionFixture, FIXTURE_ADDRESS } from '../../../test-support/fixtures';
import { renderSignedIn } from '../../../test-support/signed-in';
import { EXEMPTION_MESSAGES } from '@fridgeparts/common/tax/exemption';
import type { Exemption, ExemptionList, TaxRegistrations } from '@fridgeparts/common/tax/exemption.answers';
import { EXEMPTION_API } from '@fridgeparts/common/tax/exemption.paths';

vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

const api = fakeApi();
const { ShipToCertificates } = await import('./ship-to-certificates');

const saved = catchDownloads('blob:certificate');

const COMPANY = companyFixture({
  shipTo: [
    { id: 's1', label: 'Main shop', address: FIXTURE_ADDRESS },
    { id: 's3', label: 'Austin branch', address: AUSTIN_ADDRESS },
  ],
});
const list = (...exemptions: Exemption[]) => json<ExemptionList>({ exemptions });
const REGISTRATIONS = json<TaxRegistrations>({
  registrations: ['CA', 'IL', 'NY', 'OH', 'TX'].map((state) => ({ country: 'US', state })),
});
const pdf = (name = 'certificate.pdf') => new File(['%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n'], name, { type: 'application/pdf' });
const placeOf = (label: string) => screen.getAllByTestId('ship-to-certificates').find((p) => within(p).queryByText(label) !== null)!;

async function openAdd(label: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Add tax certificate for ${label}` }));
  return screen.findByRole('dialog', { name: `Add tax certificate: ${label}` });
}

describe('Each ship-to’s tax certificates (CONTRACT §15)', () => {
  afterEach(() => {
    cleanup();
    saved.length = 0;
  });

  it('lists each location’s certificates with status, words, expiry, the reason of a rejection, and the PDF', async () => {
    api.on(
      'GET',
      EXEMPTION_API.companyExemptions('c1'),
      list(
        exemptionFixture({ id: 'ex-2', number: '99-1', words: 'Resale certificate 99-1 (TX)', status: 'rejected', reason: 'The certificate is not signed' }),
        exemptionFixture({ status: 'approved', expiresOn: null }),
      ),
    );
    api.on('GET', EXEMPTION_API.exemptionCertificate('c1', 'ex-1'), file('%PDF-1.4', 'application/pdf'));
    await renderSignedIn(<ShipToCertificates company={COMPANY} />);
    const austin = await waitFor(() => {
      const p = placeOf('Austin branch');
      expect(within(p).getAllByTestId('certificate-row')).toHaveLength(2);
      return p;
    });
    const [rejected, approved] = within(austin).getAllByTestId('certificate-row');
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('Resale certificate 99-1 (TX)');
    expect(rejected).toHaveTextContent('Expires Nov 1, 2027');
    expect(within(rejected!).getByTestId('certificate-reason')).toHaveTextContent('Rejected: The certificate is not signed');
    expect(approved).toHaveTextContent('Approved');
    expect(approved).toHaveTextContent('No expiry');
    expect(within(placeOf('Main shop')).getByText(/^No certificates/)).toBeInTheDocument();
    await userEvent.click(within(approved!).getByRole('button', { name: 'PDF: Resale certificate 12-345 (TX)' }));
    await waitFor(() => expect(saved).toEqual(['certificate-12-345.pdf']));
  });

  it('holds Add until the list is read, and says when it could not be', async () => {
    const answer = held();
    api.once('GET', EXEMPTION_API.companyExemptions('c1'), answer.answer);
    await renderSignedIn(<ShipToCertificates company={COMPANY} />);
    expect(screen.getByRole('button', { name: 'Add tax certificate for Main shop' })).toBeDisabled();
    answer.release(failure('internal', 'The shop is busy'));
    expect(await screen.findByText(/The certificates could not be loaded. The shop is busy/)).toBeInTheDocument();
    api.on('GET', EXEMPTION_API.companyExemptions('c1'), list());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Add tax certificate for Main shop' })).toBeEnabled();
  });

  it('sends a certificate: the state from the registrations, the PDF as base64; the list reads again', async () => {
    api.on('GET', EXEMPTION_API.companyExemptions('c1'), list());
    api.on('GET', EXEMPTION_API.taxRegistrations, REGISTRATIONS);
    api.on('POST', EXEMPTION_API.shipToExemptions('c1', 's3'), () => {
      api.on('GET', EXEMPTION_API.companyExemptions('c1'), list(exemptionFixture({})));
      return json(exemptionFixture({}), { status: 201 });
    });
    await renderSignedIn(<ShipToCertificates company={COMPANY} />);
    const dialog = await openAdd('Austin branch');
    // The ship-to's own state is chosen once the registrations are there.
    const state = () => within(dialog).getByLabelText<HTMLSelectElement>('State');
    await waitFor(() => expect([...state().options].map((o) => o.value)).toEqual(['', 'CA', 'IL', 'NY', 'OH', 'TX']));
    expect(state()).toHaveValue('TX');
    await userEvent.type(within(dialog).getByLabelText('Certificate number'), ' 12-345 ');
    await userEvent.type(within(dialog).getByLabelText('Signed on'), '2026-11-01');
    await userEvent.type(within(dialog).getByLabelText('Expires on'), '2027-11-01');
    await userEvent.upload(within(dialog).getByLabelText('Certificate (PDF, at most 2 MB)'), pdf());
    await waitFor(() => expect(within(dialog).getByText(/certificate\.pdf, 1 KB/)).toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [sent] = api.sent('POST', EXEMPTION_API.shipToExemptions('c1', 's3'));
    const body = sent?.body as Record<string, string>;
    expect({ ...body, certificate: undefined }).toEqual({ kind: 'resale', state: 'TX', number: '12-345', signedOn: '2026-11-01', expiresOn: '2027-11-01' });
    expect(atob(body.certificate!).startsWith('%PDF-')).toBe(true);
    expect(notify.success).toHaveBeenCalledWith('Resale certificate 12-345 (TX) sent for review.');
    await waitFor(() => expect(within(placeOf('Austin branch')).getByTestId('certificate-row')).toHaveTextContent('Waiting for review'));
  });

  it('refuses a file over 2 MB or not a PDF at its field before sending, and every empty field at its own', async () => {
    api.on('GET', EXEMPTION_API.companyExemptions('c1'), list());
    api.on('GET', EXEMPTION_API.taxRegistrations, REGISTRATIONS);
    await renderSignedIn(<ShipToCertificates company={COMPANY} />);
    const dialog = await openAdd('Main shop');
    const input = within(dialog).getByLabelText('Certificate (PDF, at most 2 MB)');
    await userEvent.upload(input, new File([new Uint8Array(2_097_153)], 'scan.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText(EXEMPTION_MESSAGES.tooBig)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.upload(input, new File(['hello'], 'note.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText(EXEMPTION_MESSAGES.notPdf)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    const number = within(dialog).getByLabelText('Certificate number');
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    // Focus on the first field refused, the PDF at the top.
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Signed on')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('POST', EXEMPTION_API.shipToExemptions('c1', 's1'))).toHaveLength(0);
  });

  it('puts the server’s refusal at its field, focus on it, the dialog open', async () => {
    api.on('GET', EXEMPTION_API.companyExemptions('c1'), list());
    api.on('GET', EXEMPTION_API.taxRegistrations, REGISTRATIONS);
    const message = 'The certificate has expired: expiresOn must be today or later';
    api.on('POST', EXEMPTION_API.shipToExemptions('c1', 's1'), failure('invalid-argument', 'Invalid input', { expiresOn: message }));
    await renderSignedIn(<ShipToCertificates company={COMPANY} />);
    const dialog = await openAdd('Main shop');
    await waitFor(() => expect(within(dialog).getByLabelText('State')).toHaveValue('CA'));
    await userEvent.type(within(dialog).getByLabelText('Certificate number'), 'CA-1');
    await userEvent.type(within(dialog).getByLabelText('Signed on'), '2026-11-01');
    await userEvent.type(within(dialog).getByLabelText('Expires on'), '2026-12-01');
    await userEvent.upload(within(dialog).getByLabelText('Certificate (PDF, at most 2 MB)'), pdf());
    await waitFor(() => expect(within(dialog).getByText(/certificate\.pdf/)).toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Expires on')).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers no Add on a location that holds the most certificates', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => exemptionFixture({ id: `ex-${i}`, number: `N-${i}`, words: `Resale certificate N-${i} (TX)` }));
    api.on('GET', EXEMPTION_API.companyExemptions('c1'), list(...ten));
    await renderSignedIn(<ShipToCertificates company={COMPANY} />);
    await waitFor(() => expect(within(placeOf('Austin branch')).getAllByTestId('certificate-row')).toHaveLength(10));
    expect(screen.getByRole('button', { name: 'Add tax certificate for Austin branch' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add tax certificate for Main shop' })).toBeEnabled();
  });
});
