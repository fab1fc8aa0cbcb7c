import type { BookingLine } from '@fridgeparts/common/booking';
import type { Return, ReturnableLine } from '@fridgeparts/common/returns/returns.answers';

/** A line's cores as the order answers them (decision 0088): the day they are due back (null: none owed) and whether the deposit was kept. */
export type CoreBookingLine = BookingLine & { coresDueOn?: string | null; coresKept?: boolean };

/**
 * A line whose cores may go back in a core return (decision 0088), in the Return dialog's shape: at
 * most the cores still owed less those in open core returns, its one reason `core`; with the
 * deposit per unit (dollars) and the day they are due (YYYY-MM-DD, null when the order does not say).
 */
export interface CoreOffer extends ReturnableLine {
  deposit: number;
  dueOn: string | null;
}

/** Whether a return is a core return: its lines are all cores (the server refuses a mix). */
export const isCoreReturn = (r: Pick<Return, 'lines'>): boolean => r.lines.length > 0 && r.lines.every((l) => l.reason === 'core');

/** The units of each order line in core returns still open (requested or approved), by lineId. */
function openCores(returns: readonly Return[]): Map<string, number> {
  const open = new Map<string, number>();
  for (const r of returns)
    if (r.state === 'requested' || r.state === 'approved')
      for (const l of r.lines) if (l.reason === 'core') open.set(l.lineId, (open.get(l.lineId) ?? 0) + l.quantity);
  return open;
}

/**
 * The order's lines whose cores can go back now: a deposit, cores owed (shipped less received) not
 * already in an open core return, and the deposit not kept. The server holds the due day; a return
 * after it is refused there with the day.
 */
export function coreOffers(lines: readonly CoreBookingLine[], returns: readonly Return[]): CoreOffer[] {
  const open = openCores(returns);
  return lines.flatMap((l, i) => {
    const lineId = String(i);
    if (!(l.coreDeposit > 0) || l.coresKept) return [];
    const quantity = l.coresOwed - (open.get(lineId) ?? 0);
    if (quantity <= 0) return [];
    const dueOn = l.coresDueOn ?? null;
    return [
      {
        lineId,
        name: l.name,
        partNumber: l.partNumber,
        quantity,
        reasons: [{ reason: 'core' as const, until: dueOn ?? '' }],
        deposit: Math.round((l.coreDeposit * 100) / Math.max(1, l.quantity)) / 100,
        dueOn,
      },
    ];
  });
}
