import { Notice } from '../notice';

/**
 * The form-level error of useShopForm (`formError`): a refusal that no field of the form can show,
 * said where the person looks (beside the form's buttons) as an alert, so it is read out at once.
 */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Notice severity="error" role="alert" title="Not saved">
      <span data-testid="form-error">{message}</span>
    </Notice>
  );
}
