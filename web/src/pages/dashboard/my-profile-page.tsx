import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMyProfile } from '../../features/profile/api/use-profile';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { ProfileSummary } from '../../features/profile/components/profile-summary';
import { usePageTitle } from '../../lib/use-page-title';

export default function MyProfilePage() {
  usePageTitle('My Profile');
  const profile = useMyProfile();
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        My Profile
      </Typography>
      <ProfileSummary profile={profile} />
      <ProfileForm saved={profile.data} />
    </Box>
  );
}
