import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Profile } from '@fridgeparts/common/profile';
import type { ProfileState } from '../api/use-profile';
import { useSession } from '../../../lib/session';

const ROWS: { label: string; value: (p: Profile) => string }[] = [
  { label: 'Education', value: (p) => p.education },
  { label: 'Location', value: (p) => p.location },
  { label: 'Linkedln Profile', value: (p) => p.linkedlnProfile },
  { label: 'Phone', value: (p) => p.phone },
];

/** Name and email of the signed-in user, then the saved profile (SPEC §2; labels verbatim). */
export function ProfileSummary({ profile }: { profile: ProfileState }) {
  const { user } = useSession();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="profile-heading" sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 1.5 }}>
      <Typography id="profile-heading" variant="h5" component="h2">
        {user?.displayName}
      </Typography>
      <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {user?.email}
      </Typography>
      {profile.loading && !profile.data ? (
        <div aria-busy="true" aria-label="Loading profile">
          {ROWS.map((r) => (
            <Skeleton key={r.label} variant="text" width="60%" />
          ))}
        </div>
      ) : profile.error ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={profile.retry}>
              Retry
            </Button>
          }
        >
          {profile.error.message || 'Your profile could not be loaded.'}
        </Alert>
      ) : profile.data ? (
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px' }} data-testid="saved-profile">
          {ROWS.map((r) => (
            <div key={r.label} style={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {r.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                {r.label === 'Linkedln Profile' ? (
                  <a href={r.value(profile.data!)} target="_blank" rel="noopener noreferrer">
                    {r.value(profile.data!)}
                  </a>
                ) : (
                  r.value(profile.data!)
                )}
              </Typography>
            </div>
          ))}
        </dl>
      ) : (
        <Typography color="text.secondary">No profile information yet. Add it below.</Typography>
      )}
    </Paper>
  );
}
