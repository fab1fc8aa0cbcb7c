import ui from '../../components/ui.module.css';
import { ReviewForm } from '../../features/reviews/components/review-form';
import { usePageTitle } from '../../lib/use-page-title';

/** Give Review (SPEC §2): plain markup and CSS, no MUI before interaction (issue 9). */
export default function AddReviewPage() {
  usePageTitle('Give Review');
  return (
    <>
      <h1 className={ui.pageTitle}>Give Review</h1>
      <ReviewForm />
    </>
  );
}
