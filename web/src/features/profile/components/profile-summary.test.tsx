import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSignedIn } from '../../../test-support/signed-in';
import type { ProfileState } from '../api/use-profile';

const { ProfileSummary } = await import('./profile-summary');

const state = (over: Partial<ProfileState>): ProfileState => ({ data: undefined, error: undefined, loading: false, retry: vi.fn(), ...over });

describe('ProfileSummary', () => {
  afterEach(cleanup);

  it('names its region after the user and shows the email; busy while loading', async () => {
    await renderSignedIn(<ProfileSummary profile={state({ loading: true })} />);
    const region = screen.getByRole('region', { name: 'Casey' });
    expect(within(region).getByText('casey@example.test')).toBeInTheDocument();
    expect(within(region).getByLabelText('Loading profile')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows an error with Try again', async () => {
    const retry = vi.fn();
    await renderSignedIn(<ProfileSummary profile={state({ error: new Error('The shop did not answer.'), retry })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The shop did not answer.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('says there is nothing yet, or lists the saved profile with the spec labels', async () => {
    const { rerender } = await renderSignedIn(<ProfileSummary profile={state({ data: null })} />);
    expect(screen.getByText('No profile information yet. Add it below.')).toBeInTheDocument();
    rerender(
      <ProfileSummary
        profile={state({
          data: {
            _id: 'p',
            name: 'Casey',
            email: 'casey@example.test',
            education: 'BSc',
            location: 'Dayton',
            phone: '+1 555',
            linkedlnProfile: 'https://www.linkedin.com/in/casey',
          },
        })}
      />,
    );
    const saved = screen.getByTestId('saved-profile');
    expect([...saved.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Education', 'Location', 'Linkedln Profile', 'Phone']);
    expect(within(saved).getByRole('link', { name: 'https://www.linkedin.com/in/casey' })).toHaveAttribute('target', '_blank');
  });
});
