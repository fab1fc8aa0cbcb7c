import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { PORTFOLIO } from '../data/portfolio';

/** The nine skill cards of /myportfolio2 (SPEC §2). */
export function SkillCards() {
  return (
    <Box component="ul" aria-label="Skills" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
      {PORTFOLIO.skills.map((s) => (
        <Box key={s.name} component="li" data-testid="skill-card" sx={{ p: 2.5, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
            <Typography component="h3" variant="h6">
              {s.name}
            </Typography>
            <Chip label={s.level} size="small" color={s.level === 'Advanced' ? 'primary' : 'default'} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {s.summary}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
