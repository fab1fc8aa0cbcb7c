import { useCallback, useState } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking, BookingInput } from '@fridgeparts/common/booking';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST /booking. Only the tool, quantity, contact and the optional PO number go up: the server
 * takes the owner from the token and the price from the tool (CONTRACT §3, §7). Server refusals
 * toast through the API client.
 */
export function useCreateBooking(): { createBooking: (input: BookingInput) => Promise<Booking>; pending: boolean } {
  const [pending, setPending] = useState(false);
  const createBooking = useCallback(async (input: BookingInput) => {
    setPending(true);
    try {
      return await apiFetch<Booking>(API.booking, {
        method: 'POST',
        auth: true,
        body: { toolId: input.toolId, quantity: input.quantity, phone: input.phone, address: input.address, ...(input.poNumber ? { poNumber: input.poNumber } : {}) },
      });
    } finally {
      setPending(false);
    }
  }, []);
  return { createBooking, pending };
}
