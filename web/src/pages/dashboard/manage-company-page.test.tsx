import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route, Routes } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import { EXEMPTION_API } from '@fridgeparts/common/tax/exemption.paths';
import type { Company } from '@fridgeparts/common/company.answers';
import { ROUTES } from '../../lib/infra/paths';
import { failure, fakeApi, json } from '../../test-support/fake-api';
import { companyFixture, FIXTURE_ADDRESS } from '../../test-support/fixtures';
import { renderSignedIn } from '../../test-support/signed-in';
import type { ExemptionList } from '@fridgeparts/common/tax/exemption.answers';

vi.mock('../../lib/infra/toast', () => import('../../test-support/toast'));

const api = fakeApi();
const { default: ManageCompanyPage } = await import('./manage-company-page');

const COMPANY = companyFixture({ name: 'Acme Cooling', shipTo: [{ id: 's1', label: 'Shop', address: FIXTURE_ADDRESS }] });

async function renderPage() {
  // The test router starts at /: on to the company's address, so the page reads its id from it.
  await renderSignedIn(
    <Routes>
      <Route path="/" element={<Navigate to="/dashboard/companies/c1" />} />
      <Route path={ROUTES.manageCompany} element={<ManageCompanyPage />} />
    </Routes>,
  );
}

describe("A company's page for the shop admin", () => {
  afterEach(cleanup);
  // The ship-to locations' tax certificates (CONTRACT §15), none here: their own test is ship-to-certificates.test.tsx.
  beforeEach(() => void api.on('GET', EXEMPTION_API.companyExemptions('c1'), json<ExemptionList>({ exemptions: [] })));

  it("shows the credit limit only for Net 30, and puts the server's field messages at their fields", async () => {
    api.on('GET', API.company('c1'), json(COMPANY));
    api.on(
      'PATCH',
      API.company('c1'),
      failure('invalid-argument', 'Invalid input', { 'shipTo.0.address.postalCode': 'Postal code is too long (at most 20 characters)' }),
    );
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Cooling' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Credit limit/)).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Terms'), 'net30');
    await userEvent.type(screen.getByLabelText(/Credit limit/), '25000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Postal code is too long (at most 20 characters)')).toBeInTheDocument();
    const [sent] = api.sent('PATCH', API.company('c1'));
    // The version as the entity tag the server requires (a bare 1 is refused 400), and only there.
    expect(sent?.headers['if-match']).toBe('"1"');
    expect(sent?.body).toMatchObject({ terms: 'net30', creditLimit: '25000', shipTo: [{ id: 's1', label: 'Shop' }] });
    expect(sent?.body).not.toHaveProperty('version');
  });

  it('says a refusal it can not place at a field on the form (role=alert), never swallows it', async () => {
    api.on('GET', API.company('c1'), json(COMPANY));
    api.on(
      'PATCH',
      API.company('c1'),
      failure('invalid-argument', 'If-Match must be the version from the ETag you were sent', { 'If-Match': 'Not a list of entity tags' }),
    );
    await renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Acme Cooling' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'If-Match must be the version from the ETag you were sent. If-Match: Not a list of entity tags.',
    );
  });

  it('explains a concurrent edit (412) with the values saved meanwhile, and saves again over them with their version', async () => {
    const theirs: Company = { ...COMPANY, name: 'Acme Cooling Inc', terms: 'net30', creditLimit: 9000, version: '2' };
    api.on('GET', API.company('c1'), json(COMPANY));
    api.once('PATCH', API.company('c1'), failure('precondition-failed', 'This company was changed by someone else', undefined, { company: theirs }));
    await renderPage();
    const name = await screen.findByLabelText(/Company name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Refrigeration');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'It now reads: Name Acme Cooling Inc; terms Net 30 (invoice), credit limit $9,000.00; ship-to Shop.',
    );
    expect(screen.getByLabelText(/Company name/)).toHaveValue('Acme Refrigeration');

    api.on('PATCH', API.company('c1'), json({ ...theirs, name: 'Acme Refrigeration', terms: 'card', creditLimit: null, version: '3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PATCH', API.company('c1'))).toHaveLength(2));
    expect(api.sent('PATCH', API.company('c1'))[1]?.headers['if-match']).toBe('"2"');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
