import css from './blog-article-list.module.css';
import { BLOG_ARTICLES } from '../data/blog-articles';

/** The question-and-answer articles (SPEC §1), each an <article> with its own anchor. */
export function BlogArticleList() {
  return (
    <section aria-labelledby="articles-heading" className={css.articles}>
      <h2 id="articles-heading" className={css.articlesTitle}>
        Questions and answers
      </h2>
      <nav aria-label="Articles">
        <ol className={css.toc}>
          {BLOG_ARTICLES.map((a) => (
            <li key={a.id}>
              <a href={`#${a.id}`}>{a.question}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className={css.articleList}>
        {BLOG_ARTICLES.map((a) => (
          <article key={a.id} id={a.id} aria-labelledby={`${a.id}-q`} className={css.article}>
            <h3 id={`${a.id}-q`} className={css.question}>
              {a.question}
            </h3>
            {a.answer.map((p, i) => (
              <p key={i} className={css.paragraph}>
                {p}
              </p>
            ))}
          </article>
        ))}
      </div>
    </section>
  );
}
