import css from './page-loading.module.css';

/** A page or section loading: a spinner announced to screen readers, with an optional text. */
export function PageLoading({ text }: { text?: string }) {
  return (
    <div role="status" aria-live="polite" className={css.loading}>
      <span className={css.spinner} role="img" aria-label="Loading" />
      {text && <span>{text}</span>}
    </div>
  );
}
