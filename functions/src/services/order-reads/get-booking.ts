import type { Booking } from '@fridgeparts/common/booking';
import { bookingFromDoc } from '@fridgeparts/common/documents/bookings';
import { bookingRef, NO_SUCH_BOOKING } from '../booking-records';
import type { Caller } from '../caller';
import { managesOrderCompany } from '../companies/company-side';
import { assertAdminNow } from '../users/users';
import { coreReturnDays } from '../../config';

// One order read as its caller may see it: below ordering and shipping (the order page, its PDF,
// its packing slip and its shipping options all read it so), above companies and users, whose
// answers decide who may (docs/architecture.md, "Services by domain").

/**
 * GET /mybooking/{id}: the owner, a company admin of the order's company (decision 0061) or an
 * admin. Someone else's booking answers 404, like an unknown id, so ids can not be probed for
 * existence (docs/decisions/0007-foreign-records-404.md).
 */
export async function getBooking(caller: Caller, id: string): Promise<Booking> {
  const snap = await bookingRef(id).get();
  const b = snap.data();
  if (!b) throw NO_SUCH_BOOKING(id);
  if (b.uid !== caller.uid && !(await managesOrderCompany(caller, b)))
    await assertAdminNow(caller, '').catch(() => {
      throw NO_SUCH_BOOKING(id);
    });
  // Only reads (decision 0070): an order on account whose invoice the provider could not finish
  // answers `pending`; the sweep finishes it (invoices.ts issuePendingInvoices, decision 0058).
  return bookingFromDoc(snap.id, b, undefined, coreReturnDays());
}
