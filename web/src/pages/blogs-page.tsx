import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { NavLink, Outlet } from 'react-router-dom';
import { BlogArticleList } from '../features/content/components/blog-article-list';

const TABS = [
  { label: 'Introduction', to: '/blogs', end: true },
  { label: 'My Portfolio', to: '/blogs/myportfolio', end: false },
  { label: 'Live Links', to: '/blogs/livelink', end: false },
];

/** Blogs (SPEC §1-2): nested pages above, the question-and-answer articles below. Titles come from the nested pages. */
export default function BlogsPage() {
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="overline" component="p" color="text.secondary">
        Blogs
      </Typography>
      <Box component="nav" aria-label="Blog sections" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3, borderBottom: 1, borderColor: 'divider', pb: 1 }}>
        {TABS.map((t) => (
          <Button key={t.to} component={NavLink} to={t.to} end={t.end} sx={{ '&.active': { bgcolor: 'primary.main', color: 'common.white' } }}>
            {t.label}
          </Button>
        ))}
      </Box>
      <Outlet />
      <BlogArticleList />
    </Container>
  );
}
