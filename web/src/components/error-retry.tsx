import { Button } from './button';
import { Notice } from './notice';

/** The one wording for trying a failed load again, everywhere in the shop. */
export const TRY_AGAIN = 'Try again';

export interface ErrorRetryProps {
  /** What could not be loaded, then the reason if there is one. */
  message: string;
  onRetry: () => void;
  /** Spacing from the page around it. */
  className?: string;
}

/**
 * Something the page needed could not be loaded: says so (role alert, so a screen reader hears it)
 * with one "Try again" button. Every list, page and form that loads data uses this one, so the
 * wording is the same everywhere; the look is the error Notice's (decision 0071: one error box).
 */
export function ErrorRetry({ message, onRetry, className }: ErrorRetryProps) {
  return (
    <Notice
      severity="error"
      role="alert"
      className={className}
      action={
        <Button variant="outlined" size="small" onClick={onRetry}>
          {TRY_AGAIN}
        </Button>
      }
    >
      <span>{message}</span>
    </Notice>
  );
}
