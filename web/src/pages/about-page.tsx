import ui from '../components/ui.module.css';
import { ABOUT } from '../features/content/data/about';
import { usePageTitle } from '../lib/infra/use-page-title';
import css from './content-page.module.css';

/**
 * /about (signed-in, SPEC §2): the company's story, values, certifications and milestones. Plain
 * markup and CSS.
 */
export default function AboutPage() {
  usePageTitle('About');
  return (
    <div className={`${ui.container} ${css.page}`}>
      <div className={css.hero}>
        <div>
          <h1 className={css.displayResponsive}>{ABOUT.heading}</h1>
          <p className={css.lead}>{ABOUT.lead}</p>
        </div>
        <img className={css.heroImage} src={ABOUT.image} alt={ABOUT.imageAlt} width={800} height={500} />
      </div>
      <section aria-labelledby="story-heading" className={css.section}>
        <h2 id="story-heading" className={css.sectionTitle}>
          Our story
        </h2>
        {ABOUT.story.map((p, i) => (
          <p key={i} className={css.paragraph}>
            {p}
          </p>
        ))}
      </section>
      <section aria-labelledby="values-heading" className={css.section}>
        <h2 id="values-heading" className={css.sectionTitle}>
          What we stand for
        </h2>
        <div className={css.values}>
          {ABOUT.values.map((v) => (
            <div key={v.title} className={css.value}>
              <h3 className={css.cardTitle}>{v.title}</h3>
              <p className={css.muted}>{v.description}</p>
            </div>
          ))}
        </div>
      </section>
      <section aria-labelledby="certs-heading" className={css.section}>
        <h2 id="certs-heading" className={css.sectionTitle}>
          Certifications
        </h2>
        <dl className={css.certs}>
          {ABOUT.certifications.map((c) => (
            <div key={c.name}>
              <dt>{c.name}</dt>
              <dd>{c.description}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="milestones-heading">
        <h2 id="milestones-heading" className={css.sectionTitle}>
          Milestones
        </h2>
        <ol className={css.milestones}>
          {ABOUT.milestones.map((m) => (
            <li key={m.year}>
              <p className={css.year}>{m.year}</p>
              <p className={css.text}>{m.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
