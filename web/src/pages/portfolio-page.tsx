import ui from '../components/ui.module.css';
import { LiveLinkList } from '../features/content/components/live-link-list';
import { SkillCards } from '../features/content/components/skill-cards';
import { PORTFOLIO } from '../features/content/data/portfolio';
import { usePageTitle } from '../lib/infra/use-page-title';
import css from './content-page.module.css';

/**
 * /myportfolio2 (SPEC §2): name, contact, education, nine skill cards, three live links. Plain
 * markup and CSS like the Blogs pages that share its live links (issue 9).
 */
export default function PortfolioPage() {
  usePageTitle('My Portfolio');
  const { education } = PORTFOLIO;
  return (
    <div className={`${ui.container} ${css.page}`}>
      <header className={css.header}>
        <h1 className={css.display}>{PORTFOLIO.name}</h1>
        <p className={css.role}>{PORTFOLIO.role}</p>
        <p className={css.about}>{PORTFOLIO.about}</p>
      </header>
      <div className={css.twoColumns}>
        <section aria-labelledby="contact-heading">
          <h2 id="contact-heading" className={css.subTitle}>
            Contact
          </h2>
          <p className={css.text}>
            Email:{' '}
            <a className={css.link} href={`mailto:${PORTFOLIO.email}`}>
              {PORTFOLIO.email}
            </a>
          </p>
          <p className={css.text}>
            Phone:{' '}
            <a className={css.link} href={`tel:${PORTFOLIO.phone.replace(/[^+\d]/g, '')}`}>
              {PORTFOLIO.phone}
            </a>
          </p>
          <p className={css.text}>Location: {PORTFOLIO.location}</p>
        </section>
        <section aria-labelledby="education-heading">
          <h2 id="education-heading" className={css.subTitle}>
            Education
          </h2>
          <p className={css.strong}>{education.degree}</p>
          <p className={css.text}>{education.school}</p>
          <p className={css.muted}>{education.years}</p>
        </section>
      </div>
      <section aria-labelledby="skills-heading" className={css.section}>
        <h2 id="skills-heading" className={css.subTitle}>
          Skills
        </h2>
        <SkillCards />
      </section>
      <section aria-labelledby="projects-heading">
        <h2 id="projects-heading" className={css.subTitle}>
          Live projects
        </h2>
        <LiveLinkList />
      </section>
    </div>
  );
}
