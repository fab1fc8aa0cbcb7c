import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '../../test-support/toast';
import { failure, fakeApi, file, held, json } from '../../test-support/fake-api';
import { catchDownloads } from '../../test-support/downloads';
import { TEST_ID_TOKEN } from '../../test-support/fake-auth-client';
import { AUSTIN_ADDRESS, exemptionFixture } from '../../test-support/fixtures';
import { renderSignedIn } from '../../test-support/signed-in';
import type { ExemptionForReview, ExemptionReviewPage } from '@fridgeparts/common/tax/exemption.answers';
import { EXEMPTION_API } from '@fridgeparts/common/tax/exemption.paths';

vi.mock('../../lib/infra/toast', () => import('../../test-support/toast'));

const api = fakeApi();
const { default: ExemptionsPage } = await import('./exemptions-page');

const saved = catchDownloads('blob:certificate');

const AUSTIN: ExemptionForReview = {
  ...exemptionFixture({ companyId: 'demo-northwind' }),
  companyName: 'Northwind Refrigeration Service',
  shipToLabel: 'Austin branch',
  shipToAddress: AUSTIN_ADDRESS,
};
const OHIO: ExemptionForReview = {
  ...AUSTIN,
  id: 'ex-2',
  shipToId: 's4',
  kind: 'government',
  state: 'OH',
  number: 'G-77',
  expiresOn: null,
  words: 'Government certificate G-77 (OH)',
  shipToLabel: 'Columbus depot',
  shipToAddress: { line1: '1 Capitol Sq', line2: '', city: 'Columbus', region: 'OH', postalCode: '43215', country: 'US' },
};
const list = (exemptions: ExemptionForReview[], nextCursor: string | null = null) => json<ExemptionReviewPage>({ exemptions, nextCursor });
const pending = EXEMPTION_API.exemptions({ status: 'pending' });
const approved = EXEMPTION_API.exemptions({ status: 'approved' });
const rowOf = (number: string) => screen.getAllByTestId('exemption-row').find((r) => within(r).queryByText(new RegExp(number)) !== null)!;

describe('Tax exemptions (the shop admin’s review, CONTRACT §15)', () => {
  afterEach(() => {
    cleanup();
    saved.length = 0;
  });

  it('lists the certificates waiting, each with its company, ship-to, words, days and PDF, titled as the other pages', async () => {
    api.on('GET', pending, list([AUSTIN, OHIO]));
    await renderSignedIn(<ExemptionsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tax exemptions' })).toBeInTheDocument();
    expect(document.title).toBe('Tax exemptions | FridgeParts');
    expect(screen.getByRole('tab', { name: 'Waiting for review' })).toHaveAttribute('aria-selected', 'true');
    const austin = await waitFor(() => rowOf('12-345'));
    expect(within(austin).getByText('Northwind Refrigeration Service')).toBeInTheDocument();
    expect(within(austin).getByText('Austin branch')).toBeInTheDocument();
    expect(within(austin).getByText('500 Congress Ave, Austin, TX 78701, US')).toBeInTheDocument();
    expect(within(austin).getByTestId('exemption-words')).toHaveTextContent('Resale certificate 12-345 (TX)');
    expect(within(austin).getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(within(austin).getByText('Nov 1, 2027')).toBeInTheDocument();
    expect(within(rowOf('G-77')).getByText('No expiry')).toBeInTheDocument();
    expect(api.sent('GET', pending)[0]?.cache).toBe('no-store');
  });

  it('opens the PDF with the admin’s token as a file named by its number', async () => {
    api.on('GET', pending, list([AUSTIN]));
    api.on('GET', EXEMPTION_API.exemptionCertificate('demo-northwind', 'ex-1'), file('%PDF-1.4 test', 'application/pdf'));
    await renderSignedIn(<ExemptionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'View PDF: Resale certificate 12-345 (TX)' }));
    await waitFor(() => expect(saved).toEqual(['certificate-12-345.pdf']));
    const [sent] = api.sent('GET', EXEMPTION_API.exemptionCertificate('demo-northwind', 'ex-1'));
    expect(sent?.headers.authorization).toBe(`Bearer ${TEST_ID_TOKEN}`);
  });

  it('shows skeleton rows while loading, then says when nothing waits', async () => {
    const answer = held();
    api.on('GET', pending, answer.answer);
    await renderSignedIn(<ExemptionsPage />);
    expect(screen.getByRole('table', { name: 'Tax exemption certificates: waiting for review' })).toHaveAttribute('aria-busy', 'true');
    answer.release(list([]));
    expect(await screen.findByText('No certificates waiting for review')).toBeInTheDocument();
  });

  it('says when the list could not be read, and reads it again on Try again', async () => {
    api.once('GET', pending, failure('internal', 'The shop is busy'));
    await renderSignedIn(<ExemptionsPage />);
    expect(await screen.findByText(/The shop is busy/)).toBeInTheDocument();
    api.on('GET', pending, list([AUSTIN]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Austin branch')).toBeInTheDocument();
  });

  it('approves one: it leaves the waiting list at once, and the admin is told', async () => {
    api.on('GET', pending, list([AUSTIN, OHIO]));
    api.on(
      'POST',
      EXEMPTION_API.approveExemption('demo-northwind', 's3', 'ex-1'),
      json({ ...AUSTIN, status: 'approved', reviewedAt: '2026-11-29T09:00:00.000Z' }),
    );
    await renderSignedIn(<ExemptionsPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Approve Resale certificate 12-345 (TX) for Northwind Refrigeration Service, Austin branch' }),
    );
    await waitFor(() => expect(screen.queryByText('Austin branch')).toBeNull());
    expect(screen.getByText('Columbus depot')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Approved: Resale certificate 12-345 (TX) for Northwind Refrigeration Service, Austin branch.');
    expect(api.sent('POST', EXEMPTION_API.approveExemption('demo-northwind', 's3', 'ex-1'))).toHaveLength(1);
  });

  it('rejects one only with a reason: the empty reason is refused at its field, the sent one leaves the list', async () => {
    api.on('GET', pending, list([AUSTIN]));
    const reject = EXEMPTION_API.rejectExemption('demo-northwind', 's3', 'ex-1');
    api.on('POST', reject, (req) => json({ ...AUSTIN, status: 'rejected', reason: (req.body as { reason: string }).reason }));
    await renderSignedIn(<ExemptionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Reject Resale certificate 12-345/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Resale certificate 12-345 (TX)' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const reason = within(dialog).getByLabelText('Why it is rejected');
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveFocus();
    expect(api.sent('POST', reject)).toHaveLength(0);
    await userEvent.type(reason, 'The certificate is not signed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', reject)[0]?.body).toEqual({ reason: 'The certificate is not signed' });
    expect(await screen.findByText('No certificates waiting for review')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Rejected: Resale certificate 12-345 (TX) for Northwind Refrigeration Service, Austin branch.');
  });

  it('puts the server’s field message at the reason and keeps the dialog open', async () => {
    api.on('GET', pending, list([AUSTIN]));
    api.on('POST', EXEMPTION_API.rejectExemption('demo-northwind', 's3', 'ex-1'), failure('invalid-argument', 'Invalid input', { reason: 'Too long' }));
    await renderSignedIn(<ExemptionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Reject Resale certificate 12-345/ }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByLabelText('Why it is rejected');
    await userEvent.type(reason, 'No');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Too long')).toBeInTheDocument();
    expect(reason).toHaveFocus();
  });

  it('switches tabs from the keyboard; an approved one is revoked with a reason', async () => {
    api.on('GET', pending, list([]));
    const current = { ...OHIO, status: 'approved' as const, reviewedAt: '2026-11-20T09:00:00.000Z' };
    api.on('GET', approved, list([current]));
    api.on('POST', EXEMPTION_API.rejectExemption('demo-northwind', 's4', 'ex-2'), json({ ...current, status: 'rejected', reason: 'Closed' }));
    await renderSignedIn(<ExemptionsPage />);
    await screen.findByText('No certificates waiting for review');
    screen.getByRole('tab', { name: 'Waiting for review' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    const tab = screen.getByRole('tab', { name: 'Approved' });
    expect(tab).toHaveFocus();
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const row = await waitFor(() => rowOf('G-77'));
    expect(within(row).getByText('Approved')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Approve/ })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: /^Revoke Government certificate G-77/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Government certificate G-77 (OH)' });
    await userEvent.type(within(dialog).getByLabelText('Why it is rejected'), 'Closed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notify.success).toHaveBeenCalledWith('Revoked: Government certificate G-77 (OH) for Northwind Refrigeration Service, Columbus depot.');
  });
});
