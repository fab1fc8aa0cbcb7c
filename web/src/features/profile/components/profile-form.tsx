import { useEffect } from 'react';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { ProfileInput } from '@fridgeparts/common/profile';
import type { Profile } from '@fridgeparts/common/profile.answers';
import { Button } from '../../../components/button';
import { FormInput } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { useSession } from '../../../lib/infra/session';
import { notify } from '../../../lib/infra/toast';
import { useSaveProfile } from '../api/use-profile';
import css from './profile.module.css';

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
  const { form, submit, prefetch, isSubmitting, formError } = useShopForm<ProfileInput>({
    // Loaded on first validation (or focus), so zod is not part of the page's first load.
    schema: () => import('@fridgeparts/common/profile').then((m) => m.profileInputSchema),
    defaultValues: EMPTY,
    action: async (values, f) => {
      if (!user) {
        notify.error(MESSAGES.noUserLoggedIn);
        throw new Error(MESSAGES.noUserLoggedIn);
      }
      await saveProfile(values);
      // The form keeps showing what was saved.
      f.reset(values);
    },
    success: 'Profile saved',
  });
  const { reset } = form;
  // The saved profile arrives after the first paint: fields already typed into keep what was typed
  // (a plain reset wiped them when the answer came in mid-typing).
  useEffect(() => reset(valuesOf(saved), { keepDirtyValues: true }), [saved, reset]);

  return (
    <section aria-labelledby="profile-form-title" className={css.formSection}>
      <h2 id="profile-form-title" className={css.heading}>
        Add Your Profile Information
      </h2>
      <form noValidate onSubmit={submit} onFocus={prefetch} aria-labelledby="profile-form-title" className={css.form}>
        <FormInput form={form} name="education" label="Education" required />
        <FormInput form={form} name="location" label="Location" required autoComplete="address-level2" />
        <FormInput form={form} name="phone" label="Phone number" type="tel" required autoComplete="tel" />
        <FormInput form={form} name="linkedlnProfile" label="Linkedin profile" type="url" required placeholder="https://www.linkedin.com/in/…" />
        <FormError message={formError} />
        <Button type="submit" size="large" className={css.submit} disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Add Profile Information'}
        </Button>
      </form>
    </section>
  );
}
