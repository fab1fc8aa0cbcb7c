import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@fridgeparts/common/messages';
import { profileInputSchema, type Profile, type ProfileInput } from '@fridgeparts/common/profile';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useSaveProfile } from '../api/use-profile';

const EMPTY: ProfileInput = { education: '', location: '', phone: '', linkedlnProfile: '' };

const valuesOf = (p: Profile | null | undefined): ProfileInput =>
  p ? { education: p.education, location: p.location, phone: p.phone, linkedlnProfile: p.linkedlnProfile } : EMPTY;

/**
 * Add Your Profile Information (SPEC §2): four required fields. The form starts from the saved
 * profile and shows what was saved afterwards (issue 9: it used to come back empty, so a customer
 * had to retype everything to change one field).
 */
export function ProfileForm({ saved }: { saved: Profile | null | undefined }) {
  const { user } = useSession();
  const saveProfile = useSaveProfile();
  const { register, handleSubmit, reset, formState } = useForm<ProfileInput>({ resolver: zodResolver(profileInputSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = formState;
  useEffect(() => reset(valuesOf(saved)), [saved, reset]);

  const submit = handleSubmit(async (values) => {
    if (!user) {
      notify.error(MESSAGES.noUserLoggedIn);
      return;
    }
    try {
      await saveProfile(values);
    } catch {
      return; // the API client showed the server's message
    }
    notify.success('Profile saved');
    reset(values);
  });

  return (
    <Box component="section" aria-labelledby="profile-form-title" sx={{ mt: 4, maxWidth: 560 }}>
      <Typography id="profile-form-title" variant="h5" component="h2" gutterBottom>
        Add Your Profile Information
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="profile-form-title" sx={{ display: 'grid', gap: 2 }}>
        <TextField label="Education" required {...register('education')} error={!!errors.education} helperText={errors.education?.message} />
        <TextField label="Location" required autoComplete="address-level2" {...register('location')} error={!!errors.location} helperText={errors.location?.message} />
        <TextField label="Phone number" type="tel" required autoComplete="tel" {...register('phone')} error={!!errors.phone} helperText={errors.phone?.message} />
        <TextField
          label="Linkedin profile"
          type="url"
          required
          placeholder="https://www.linkedin.com/in/…"
          {...register('linkedlnProfile')}
          error={!!errors.linkedlnProfile}
          helperText={errors.linkedlnProfile?.message}
        />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting} sx={{ justifySelf: 'start' }}>
          {isSubmitting ? 'Saving…' : 'Add Profile Information'}
        </Button>
      </Box>
    </Box>
  );
}
