import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import ui from '../../components/ui.module.css';
import { PORTFOLIO } from '../../features/content/data/portfolio';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './blogs.module.css';

/** /blogs index: a short invitation to look at the portfolio (SPEC §2). */
export default function BlogsIndexPage() {
  usePageTitle('Blogs');
  const { intro } = PORTFOLIO;
  return (
    <section aria-labelledby="blogs-heading">
      <h1 id="blogs-heading" className={ui.pageTitle}>
        {intro.heading}
      </h1>
      {intro.paragraphs.map((p, i) => (
        <p key={i} className={css.paragraph}>
          {p}
        </p>
      ))}
      <div className={css.actions}>
        <Link to={intro.portfolioHref} className={buttonClass({ variant: 'contained' })}>
          {intro.portfolioLabel}
        </Link>
        <Link to={intro.liveLinksHref} className={buttonClass({ variant: 'outlined' })}>
          {intro.liveLinksLabel}
        </Link>
      </div>
    </section>
  );
}
