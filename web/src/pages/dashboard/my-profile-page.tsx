import ui from '../../components/ui.module.css';
import { useMyProfile } from '../../features/profile/api/use-profile';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { ProfileSummary } from '../../features/profile/components/profile-summary';
import { usePageTitle } from '../../lib/infra/use-page-title';

/** My Profile (SPEC §2). */
export default function MyProfilePage() {
  usePageTitle('My Profile');
  const profile = useMyProfile();
  return (
    <>
      <h1 className={ui.pageTitle}>My Profile</h1>
      <ProfileSummary profile={profile} />
      <ProfileForm saved={profile.data} />
    </>
  );
}
