import ui from '../../components/ui.module.css';
import { ReviewForm } from '../../features/reviews/components/review-form';
import { usePageTitle } from '../../lib/infra/use-page-title';

/** Give Review (SPEC §2). */
export default function AddReviewPage() {
  usePageTitle('Give Review');
  return (
    <>
      <h1 className={ui.pageTitle}>Give Review</h1>
      <ReviewForm />
    </>
  );
}
