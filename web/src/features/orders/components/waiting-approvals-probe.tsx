import { useEffect } from 'react';
import { useWaitingApprovals } from '../api/use-company-orders';

/**
 * Reads how many orders wait for a company admin's approval (the dashboard menu's badge, decision
 * 0067) and tells the layout. A component of its own, loaded lazily by the layout for company
 * admins only: the approvals' paged read stays out of every other dashboard page's first load (the
 * cart's JS budget, issue 9). Draws nothing.
 */
export default function WaitingApprovalsProbe({
  companyId,
  onWaiting,
}: {
  companyId: string;
  onWaiting: (w: { count: number; more: boolean } | null) => void;
}) {
  const waiting = useWaitingApprovals(companyId);
  const count = typeof waiting === 'object' && waiting ? waiting.count : -1;
  const more = typeof waiting === 'object' && waiting ? waiting.more : false;
  useEffect(() => onWaiting(count < 0 ? null : { count, more }), [count, more, onWaiting]);
  return null;
}
