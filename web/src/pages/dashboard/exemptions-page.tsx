import ui from '../../components/ui.module.css';
import { ExemptionsReview } from '../../features/exemptions/components/exemptions-review';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './companies-page.module.css';

/**
 * Tax exemptions (CONTRACT §15): the certificates companies uploaded for their ship-to locations,
 * for the shop admin to approve or reject. An approved certificate makes that ship-to's orders in
 * its state tax-exempt until it expires.
 */
export default function ExemptionsPage() {
  usePageTitle('Tax exemptions');
  return (
    <>
      <h1 className={ui.pageTitle}>Tax exemptions</h1>
      <p className={css.lede}>
        Certificates companies sent for their ship-to locations. Approving one makes that location&apos;s orders in its state exempt from sales tax until it
        expires; rejecting or revoking one says why to the company&apos;s admins.
      </p>
      <ExemptionsReview />
    </>
  );
}
