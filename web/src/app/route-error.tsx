import { useEffect, useState } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { PageLoading } from '../components/page-loading';
import { Button, buttonClass } from '../components/button';
import ui from '../components/ui.module.css';
import { paths } from '../lib/infra/paths';
import { usePageTitle } from '../lib/infra/use-page-title';
import css from './route-error.module.css';

/**
 * How each browser words a failed `import()` of a page's chunk (Chromium, Safari, Firefox), and
 * Vite's own message when a chunk's CSS or shared code fails to preload.
 */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|Failed to load module script|Unable to preload CSS|error loading dynamically imported module/i;

export function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

const RELOADED_AT = 'fp-chunk-reload-at';
/** One automatic reload per this many milliseconds: a chunk that stays broken shows the message. */
const RELOAD_QUIET_MS = 30_000;

/** Whether the page may reload itself now, and if so remembers that it did. */
function claimAutoReload(now: number): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT));
    if (Number.isFinite(last) && now - last < RELOAD_QUIET_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(now));
    return true;
  } catch {
    return false; // storage blocked: never reload without a way to stop
  }
}

const reloadPage = () => window.location.reload();

/**
 * What a page shows when it fails to render, instead of React Router's developer screen. The
 * usual cause in production is a page's chunk that will not load: the shop was deployed since the
 * tab opened (the old chunk's file is gone) or the connection dropped. That is fixed by loading the
 * current version, so the page reloads itself once; if the chunk still fails, the reader is told
 * what happened and given Reload and a way back. Any other error is a bug: it is logged and the
 * reader gets the same two ways on.
 */
export function RouteError({ reload = reloadPage }: { reload?: () => void }) {
  const error = useRouteError();
  const chunk = isChunkLoadFailure(error);
  // A failed chunk first decides, once the page is committed, whether to reload (React may render
  // an error element more than once before it commits, so the decision is not made in render).
  const [mayShow, setMayShow] = useState(!chunk);
  usePageTitle(chunk ? 'Page could not load' : 'Something went wrong');

  useEffect(() => {
    if (!chunk) {
      console.error(error);
      return;
    }
    if (claimAutoReload(Date.now())) reload();
    else setMayShow(true);
  }, [chunk, error, reload]);

  if (!mayShow) return <PageLoading />;
  return (
    <div className={`${ui.container} ${css.box}`} role="alert">
      <h1 className={ui.pageTitle}>{chunk ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      <p className={css.lead}>
        {chunk
          ? 'The shop may have been updated since you opened it, or the connection dropped. Reload to get the current version.'
          : 'The page hit an unexpected error. Reload it, or go back to the shop; your bookings and payments are not affected.'}
      </p>
      <div className={css.actions}>
        <Button variant="contained" onClick={reload}>
          Reload page
        </Button>
        <Link to={paths.home} reloadDocument className={buttonClass({ variant: 'outlined' })}>
          Back to the shop
        </Link>
      </div>
    </div>
  );
}
