import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../lib/infra/paths';
import ui from '../components/ui.module.css';
import { BlogArticleList } from '../features/content/components/blog-article-list';
import css from './blogs/blogs.module.css';

const TABS = [
  { label: 'Introduction', to: paths.blogs, end: true },
  { label: 'My Portfolio', to: paths.blogPortfolio, end: false },
  { label: 'Live Links', to: paths.blogLiveLinks, end: false },
];

/**
 * Blogs (SPEC §1-2): nested pages above, the question-and-answer articles below. Titles come from
 * the nested pages.
 */
export default function BlogsPage() {
  return (
    <div className={`${ui.container} ${css.page}`}>
      <p className={css.overline}>Blogs</p>
      <nav aria-label="Blog sections" className={css.tabs}>
        {TABS.map((t) => (
          <NavLink key={t.to} to={t.to} end={t.end} className={css.tab}>
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
      <BlogArticleList />
    </div>
  );
}
