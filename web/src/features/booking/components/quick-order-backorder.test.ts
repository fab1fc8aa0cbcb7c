import { describe, expect, it } from 'vitest';
import type { Tool } from '@fridgeparts/common/tool';
import type { NumberCheck } from '../../../lib/domain/use-resolved-numbers';
import { availabilityFixture } from '../../../test-support/availability-fixture';
import { shortOf } from './quick-order-form';

const found = (availability: Tool['availability']): NumberCheck =>
  ({ state: 'found', answer: { part: { _id: 'p', name: 'Part', availability } } }) as unknown as NumberCheck;

describe('quick order: when a line may backorder the rest (decision 0080)', () => {
  it('answers what is available when the line asks for more, else null', () => {
    expect(shortOf({ quantity: 10, problem: null }, found(availabilityFixture(4)))).toBe(4);
    expect(shortOf({ quantity: 4, problem: null }, found(availabilityFixture(4)))).toBeNull();
    expect(shortOf({ quantity: 3, problem: null }, found(availabilityFixture(0)))).toBe(0);
  });
  it('is null for a discontinued part, a line with a problem, or a part not found yet', () => {
    expect(shortOf({ quantity: 10, problem: null }, found(availabilityFixture(0, { discontinued: true })))).toBeNull();
    expect(shortOf({ quantity: 10, problem: 'bad' }, found(availabilityFixture(4)))).toBeNull();
    expect(shortOf({ quantity: 10, problem: null }, { state: 'checking' } as NumberCheck)).toBeNull();
  });
});
