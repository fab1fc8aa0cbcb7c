import type { Profile } from '@fridgeparts/common/profile.answers';
import { ErrorRetry } from '../../../components/error-retry';
import ui from '../../../components/ui.module.css';
import type { ProfileState } from '../api/use-profile';
import { useSession } from '../../../lib/infra/session';
import css from './profile.module.css';

const ROWS: { label: string; value: (p: Profile) => string }[] = [
  { label: 'Education', value: (p) => p.education },
  { label: 'Location', value: (p) => p.location },
  { label: 'Linkedln Profile', value: (p) => p.linkedlnProfile },
  { label: 'Phone', value: (p) => p.phone },
];

/**
 * Name and email of the signed-in user, then the saved profile (SPEC §2; labels verbatim).
 * Plain markup and CSS (issue 9): skeleton lines while loading, an error with Try again, the empty note.
 */
export function ProfileSummary({ profile }: { profile: ProfileState }) {
  const { user } = useSession();
  return (
    <section aria-labelledby="profile-heading" className={`${ui.paper} ${css.summary}`}>
      <h2 id="profile-heading" className={css.heading}>
        {user?.displayName}
      </h2>
      <p className={css.email}>{user?.email}</p>
      {/* One box for every state, as tall as the four saved rows: nothing below moves when they arrive. */}
      <div className={css.body}>
        {profile.loading && !profile.data ? (
          <div role="progressbar" aria-busy="true" aria-label="Loading profile">
            {ROWS.map((r) => (
              <span key={r.label} className={`${ui.skeleton} ${css.skeletonLine}`} />
            ))}
          </div>
        ) : profile.error ? (
          <ErrorRetry message={profile.error.message || 'Your profile could not be loaded.'} onRetry={profile.retry} />
        ) : profile.data ? (
          <dl className={css.saved} data-testid="saved-profile">
            {ROWS.map((r) => (
              <div key={r.label} style={{ display: 'contents' }}>
                <dt>{r.label}</dt>
                <dd>
                  {r.label === 'Linkedln Profile' ? (
                    <a href={r.value(profile.data!)} target="_blank" rel="noopener noreferrer">
                      {r.value(profile.data!)}
                    </a>
                  ) : (
                    r.value(profile.data!)
                  )}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className={css.empty}>No profile information yet. Add it below.</p>
        )}
      </div>
    </section>
  );
}
