import type { Availability } from '@fridgeparts/common/availability/availability';
import { availabilityWords } from '../lib/domain/availability-words';

/**
 * A tool's availability in words (CONTRACT §14), one line of text in the place the stock was: the
 * same height whatever it says, so nothing moves when it arrives.
 */
export function AvailabilityText({ availability, className }: { availability: Availability; className?: string }) {
  return (
    <span className={className} data-testid="availability" data-status={availability.status}>
      {availabilityWords(availability)}
    </span>
  );
}
