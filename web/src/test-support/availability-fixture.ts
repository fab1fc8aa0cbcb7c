import { availabilityOf, type Availability } from '@fridgeparts/common/availability/availability';
import { SAMPLE_NOW } from '@fridgeparts/common/testing/sample-tool';

/** A tool's availability as the server would answer it at SAMPLE_NOW (Mon Dec 1, 2026, before the cut-off) for `stock`. */
export const availabilityFixture = (stock: number, over: { leadTimeDays?: number; discontinued?: boolean } = {}): Availability =>
  availabilityOf({ availableQuantity: stock, discontinued: over.discontinued ?? false, leadTimeDays: over.leadTimeDays }, SAMPLE_NOW);
