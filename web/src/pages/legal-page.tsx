import { Link, useParams } from 'react-router-dom';
import ui from '../components/ui.module.css';
import { LEGAL, LEGAL_DOC_IDS, isLegalDocId, type LegalDocId } from '../features/content/data/legal';
import { paths } from '../lib/infra/paths';
import { usePageTitle } from '../lib/infra/use-page-title';
import css from './content-page.module.css';
import NotFoundPage from './not-found-page';
import { dateFormat } from '../lib/domain/date-format';

// The date is a calendar day, not an instant: formatting it in UTC keeps "November 1" from
// becoming "October 31" for readers west of Greenwich.
const updatedFormat = dateFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * /legal/:doc (open): terms of use, privacy policy or cookie policy, linked from the footer. Plain
 * markup and CSS.
 */
export default function LegalPage() {
  const { doc } = useParams<{ doc: string }>();
  // An unknown document is a wrong address like any other, so it gets the same page as one.
  if (!isLegalDocId(doc)) return <NotFoundPage />;
  return <LegalDocument id={doc} />;
}

function LegalDocument({ id }: { id: LegalDocId }) {
  const { title, updated, summary, sections } = LEGAL[id];
  usePageTitle(title);
  return (
    <div className={`${ui.container} ${css.page} ${css.narrow}`}>
      <article aria-labelledby="legal-title" className={css.article}>
        <nav aria-label="Legal documents" className={css.docNav}>
          <ul>
            {LEGAL_DOC_IDS.map((other) => (
              <li key={other}>
                {other === id ? (
                  <span aria-current="page" className={css.current}>
                    {LEGAL[other].title}
                  </span>
                ) : (
                  <Link className={css.link} to={paths.legal(other)}>
                    {LEGAL[other].title}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <h1 id="legal-title" className={css.legalTitle}>
          {title}
        </h1>
        <p className={css.updated}>
          Last updated <time dateTime={updated}>{updatedFormat.format(new Date(`${updated}T00:00:00Z`))}</time>
        </p>
        <p className={css.summary}>{summary}</p>
        {sections.map((section) => {
          const headingId = `${id}-${slug(section.heading)}`;
          return (
            <section key={section.heading} aria-labelledby={headingId} className={css.legalSection}>
              <h2 id={headingId} className={css.legalHeading}>
                {section.heading}
              </h2>
              {section.paragraphs.map((p, i) => (
                <p key={i} className={css.paragraph}>
                  {p}
                </p>
              ))}
            </section>
          );
        })}
      </article>
    </div>
  );
}
