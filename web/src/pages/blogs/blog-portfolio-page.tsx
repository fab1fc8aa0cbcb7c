import ui from '../../components/ui.module.css';
import { PORTFOLIO } from '../../features/content/data/portfolio';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './blogs.module.css';

/** /blogs/myportfolio: a table of name, email address, education and skills (SPEC §2). */
export default function BlogPortfolioPage() {
  usePageTitle('My Portfolio');
  const { education } = PORTFOLIO;
  const rows: [string, React.ReactNode][] = [
    ['Name', PORTFOLIO.name],
    ['Email address', <a href={`mailto:${PORTFOLIO.email}`}>{PORTFOLIO.email}</a>],
    ['Education', `${education.degree}, ${education.school} (${education.years})`],
    ['Skills', PORTFOLIO.skills.map((s) => s.name).join(', ')],
  ];
  return (
    <section aria-labelledby="blog-portfolio-heading">
      <h1 id="blog-portfolio-heading" className={ui.pageTitle}>
        My Portfolio
      </h1>
      <div className={css.tableWrap}>
        <table className={css.table}>
          <caption>About {PORTFOLIO.name}</caption>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
