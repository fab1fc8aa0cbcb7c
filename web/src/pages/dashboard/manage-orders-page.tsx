import { useState } from 'react';
import type { OrderFilterParams } from '@fridgeparts/common/api-paths';
import ui from '../../components/ui.module.css';
import { AllOrdersTable } from '../../features/orders/components/all-orders-table';
import { OrderFilters } from '../../features/orders/components/order-filters';
import { usePageTitle } from '../../lib/infra/use-page-title';

/** Manage All Orders (SPEC §2, CONTRACT §7). */
export default function ManageOrdersPage() {
  usePageTitle('Manage All Orders');
  const [filter, setFilter] = useState<OrderFilterParams>({});
  // An unfinished range (From after To) is not sent: the table keeps the last valid one.
  const [applied, setApplied] = useState<OrderFilterParams>({});
  const change = (next: OrderFilterParams) => {
    setFilter(next);
    if (!(next.from && next.to && next.from > next.to)) setApplied(next);
  };
  return (
    <>
      <h1 className={ui.pageTitle}>Manage All Orders</h1>
      <OrderFilters value={filter} onChange={change} />
      <AllOrdersTable filter={applied} />
    </>
  );
}
