import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@fridgeparts/common/profile';

const saveProfile = vi.fn();
const toastSuccess = vi.fn();
vi.mock('../api/use-profile', () => ({ useSaveProfile: () => saveProfile }));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { uid: 'u1', email: 'casey@example.test', displayName: 'Casey' }, loading: false }) }));
vi.mock('../../../lib/toast', () => ({ notify: { error: vi.fn(), success: (m: string) => toastSuccess(m), info: vi.fn() } }));
vi.mock('../../../lib/auth-client', () => ({ currentIdToken: vi.fn() }));

const { ApiError } = await import('../../../lib/api-client');
const { ProfileForm } = await import('./profile-form');

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
  beforeEach(() => {
    saveProfile.mockReset();
    toastSuccess.mockReset();
  });

  it('starts from the saved profile; a profile arriving mid-typing keeps what was typed', async () => {
    const { rerender } = render(<ProfileForm saved={undefined} />);
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
    saveProfile.mockResolvedValueOnce({ ...SAVED, education: 'MSc Refrigeration' });
    render(<ProfileForm saved={SAVED} />);
    await waitFor(() => expect(screen.getByLabelText('Education')).toHaveValue('BSc Refrigeration'));
    await userEvent.clear(screen.getByLabelText('Education'));
    await userEvent.type(screen.getByLabelText('Education'), 'MSc Refrigeration');
    await userEvent.click(screen.getByRole('button', { name: 'Add Profile Information' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Profile saved'));
    expect(saveProfile).toHaveBeenCalledWith({ education: 'MSc Refrigeration', location: 'Toledo, OH', phone: '+1 555 010 9900', linkedlnProfile: 'https://www.linkedin.com/in/casey' });
    expect(screen.getByLabelText('Education')).toHaveValue('MSc Refrigeration');
  });

  it("puts the client's and the server's messages on their fields", async () => {
    render(<ProfileForm saved={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Profile Information' }));
    expect(await screen.findByText('Education is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Education')).toHaveAttribute('aria-invalid', 'true');
    expect(saveProfile).not.toHaveBeenCalled();

    saveProfile.mockRejectedValueOnce(new ApiError(400, 'invalid-argument', 'Check the form.', { phone: 'Phone number is not reachable' }));
    await userEvent.type(screen.getByLabelText('Education'), 'BSc');
    await userEvent.type(screen.getByLabelText('Location'), 'Dayton');
    await userEvent.type(screen.getByLabelText('Phone number'), '+1 555 010 4455');
    await userEvent.type(screen.getByLabelText('Linkedin profile'), 'https://www.linkedin.com/in/x');
    await userEvent.click(screen.getByRole('button', { name: 'Add Profile Information' }));
    expect(await screen.findByText('Phone number is not reachable')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
