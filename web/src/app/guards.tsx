import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { MESSAGES } from '@fridgeparts/common/messages';
import { paths } from '../lib/infra/paths';
import { useAdmin } from '../lib/domain/use-admin';
import { useSession } from '../lib/infra/session';
import { PageLoading } from '../components/page-loading';

/** Signed-in routes (SPEC §2): 'loading......' while auth loads, else /login remembering the origin. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading, ended } = useSession();
  const location = useLocation();
  if (loading) return <PageLoading text={MESSAGES.authLoading} />;
  // A session the shop ended goes home with its message, even if the sign-out lands first.
  if (!user && ended) return <Navigate to={paths.home} replace />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <>{children}</>;
}

/** Admin routes (SPEC §6): a spinner while the check loads; non-admins are signed out and sent to /login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, loading: sessionLoading, signOut } = useSession();
  const { admin, loading } = useAdmin();
  const location = useLocation();
  const refused = !sessionLoading && !loading && !admin;

  useEffect(() => {
    if (refused && user) void signOut();
  }, [refused, user, signOut]);

  if (sessionLoading || loading) return <PageLoading />;
  if (refused) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <>{children}</>;
}
