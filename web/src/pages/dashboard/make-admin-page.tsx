import ui from '../../components/ui.module.css';
import { UsersTable } from '../../features/admin/components/users-table';
import { usePageTitle } from '../../lib/infra/use-page-title';

/** Make Admin (SPEC §2). */
export default function MakeAdminPage() {
  usePageTitle('Make Admin');
  return (
    <>
      <h1 className={ui.pageTitle}>Make Admin</h1>
      <UsersTable />
    </>
  );
}
