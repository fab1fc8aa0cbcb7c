import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { UsersTable } from '../../features/admin/components/users-table';
import { usePageTitle } from '../../lib/use-page-title';

export default function MakeAdminPage() {
  usePageTitle('Make Admin');
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Make Admin
      </Typography>
      <UsersTable />
    </Box>
  );
}
