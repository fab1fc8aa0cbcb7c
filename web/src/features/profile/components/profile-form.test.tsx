import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import type { Profile } from '@fridgeparts/common/profile.answers';
import { fakeApi, failure, json } from '../../../test-support/fake-api';
import { TEST_ID_TOKEN } from '../../../test-support/fake-auth-client';
import { renderSignedIn } from '../../../test-support/signed-in';
import { notify } from '../../../test-support/toast';

vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

const api = fakeApi();
const { ProfileForm } = await import('./profile-form');
/** What the form sent to PUT /api/users/profile. */
const sent = () => api.sent('PUT', API.saveProfile).map((r) => r.body);

const SAVED: Profile = {
  _id: 'p1',
  name: 'Casey',
  email: 'casey@example.test',
  education: 'BSc Refrigeration',
  location: 'Toledo, OH',
  phone: '+1 555 010 9900',
  linkedlnProfile: 'https://www.linkedin.com/in/casey',
};

const form = () => screen.getByRole('form', { name: 'Add Your Profile Information' });

describe('ProfileForm', { timeout: 15_000 }, () => {
  afterEach(cleanup);
  beforeEach(() => {});

  it('starts from the saved profile; a profile arriving mid-typing keeps what was typed', async () => {
    const { rerender } = await renderSignedIn(<ProfileForm saved={undefined} />);
    expect(form()).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Add Your Profile Information' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Education'), 'MSc');
    rerender(<ProfileForm saved={SAVED} />);
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveValue('Toledo, OH'));
    expect(screen.getByLabelText('Education')).toHaveValue('MSc');
    expect(screen.getByLabelText('Phone number')).toHaveValue('+1 555 010 9900');
    expect(screen.getByLabelText('Linkedin profile')).toHaveValue('https://www.linkedin.com/in/casey');
  });

  it('saves, toasts, and keeps showing what was saved', async () => {
    api.on('PUT', API.saveProfile, json<Profile>({ ...SAVED, education: 'MSc Refrigeration' }));
    await renderSignedIn(<ProfileForm saved={SAVED} />);
    await waitFor(() => expect(screen.getByLabelText('Education')).toHaveValue('BSc Refrigeration'));
    await userEvent.clear(screen.getByLabelText('Education'));
    await userEvent.type(screen.getByLabelText('Education'), 'MSc Refrigeration');
    await userEvent.click(screen.getByRole('button', { name: 'Add Profile Information' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Profile saved'));
    expect(sent()).toEqual([
      { education: 'MSc Refrigeration', location: 'Toledo, OH', phone: '+1 555 010 9900', linkedlnProfile: 'https://www.linkedin.com/in/casey' },
    ]);
    expect(api.requests[0]!.headers).toMatchObject({ authorization: `Bearer ${TEST_ID_TOKEN}` });
    expect(screen.getByLabelText('Education')).toHaveValue('MSc Refrigeration');
  });

  it("puts the client's and the server's messages on their fields", async () => {
    await renderSignedIn(<ProfileForm saved={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Profile Information' }));
    expect(await screen.findByText('Education is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Education')).toHaveAttribute('aria-invalid', 'true');
    expect(sent()).toEqual([]);

    api.on('PUT', API.saveProfile, failure('invalid-argument', 'Check the form.', { phone: 'Phone number is not reachable' }));
    await userEvent.type(screen.getByLabelText('Education'), 'BSc');
    await userEvent.type(screen.getByLabelText('Location'), 'Dayton');
    await userEvent.type(screen.getByLabelText('Phone number'), '+1 555 010 4455');
    await userEvent.type(screen.getByLabelText('Linkedin profile'), 'https://www.linkedin.com/in/x');
    await userEvent.click(screen.getByRole('button', { name: 'Add Profile Information' }));
    expect(await screen.findByText('Phone number is not reachable')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
    expect(notify.success).not.toHaveBeenCalled();
  });
});
