import { useSearchParams } from 'react-router-dom';
import ui from '../../components/ui.module.css';
import { RETURN_TABS, ReturnsAdmin } from '../../features/returns/components/returns-admin';
import type { ReturnState } from '@fridgeparts/common/returns/returns';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './returns-page.module.css';

/** The tab in the address (`?state=`), Requested when none or an unknown one. */
function stateOf(value: string | null): ReturnState {
  return RETURN_TABS.find((t) => t.key === value)?.key ?? 'requested';
}

/**
 * Returns (CONTRACT §16): the shop admin's returns by state, to approve or decline, receive and
 * refund. The tab is kept in the address, so a reload or a link opens the same one.
 */
export default function ReturnsPage() {
  usePageTitle('Returns');
  const [search, setSearch] = useSearchParams();
  const state = stateOf(search.get('state'));
  return (
    <>
      <h1 className={ui.pageTitle}>Returns</h1>
      <p className={css.lede}>
        Parts buyers send back: approve or decline each request, record what arrives, then refund it. The buyer is emailed at each step.
      </p>
      <ReturnsAdmin state={state} onState={(s) => setSearch(s === 'requested' ? {} : { state: s }, { replace: true })} />
    </>
  );
}
