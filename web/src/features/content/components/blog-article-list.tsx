import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BLOG_ARTICLES } from '../data/blog-articles';

/** The question-and-answer articles (SPEC §1), each an <article> with its own anchor. */
export function BlogArticleList() {
  return (
    <Box component="section" aria-labelledby="articles-heading" sx={{ mt: 6 }}>
      <Typography id="articles-heading" variant="h4" component="h2" gutterBottom>
        Questions and answers
      </Typography>
      <Box component="nav" aria-label="Articles" sx={{ mb: 3 }}>
        <Box component="ol" sx={{ pl: 3, m: 0, display: 'grid', gap: 0.5 }}>
          {BLOG_ARTICLES.map((a) => (
            <li key={a.id}>
              <a href={`#${a.id}`}>{a.question}</a>
            </li>
          ))}
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 3 }}>
        {BLOG_ARTICLES.map((a) => (
          <Box key={a.id} component="article" id={a.id} aria-labelledby={`${a.id}-q`} sx={{ p: { xs: 2, md: 3 }, border: 1, borderColor: 'divider', borderRadius: 2, scrollMarginTop: 80 }}>
            <Typography id={`${a.id}-q`} variant="h5" component="h3" gutterBottom>
              {a.question}
            </Typography>
            {a.answer.map((p, i) => (
              <Typography key={i} sx={{ mb: 1.5, maxWidth: '75ch' }}>
                {p}
              </Typography>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
