import { describe, expect, it } from 'vitest';
import { addWorkingDays, DEFAULT_CUTOFF, deliveryEstimate, isWorkingDay, parseShipCutoff, SHIP_CUTOFF_DEFAULT, shipsOn } from './ship-dates';

describe('parseShipCutoff', () => {
  it('reads the default: 15:00 in Chicago', () => {
    expect(parseShipCutoff(SHIP_CUTOFF_DEFAULT)).toEqual({ minutes: 900, timeZone: 'America/Chicago' });
    expect(DEFAULT_CUTOFF.minutes).toBe(900);
  });
  it.each(['3pm America/Chicago', '15:00', '15:00  America/Chicago', '25:00 UTC', '15:60 UTC', '5:00 UTC', '15:00 Mars/Olympus', ' 15:00 UTC', '15:00 UTC '])(
    'refuses %j',
    (text) => {
      expect(() => parseShipCutoff(text)).toThrow(/SHIP_CUTOFF is HH:MM/);
    },
  );
  it('takes other zones the runtime knows', () => {
    expect(parseShipCutoff('16:30 Europe/Berlin')).toEqual({ minutes: 990, timeZone: 'Europe/Berlin' });
    expect(parseShipCutoff('00:00 UTC')).toEqual({ minutes: 0, timeZone: 'UTC' });
  });
});

describe('shipsOn (15:00 America/Chicago)', () => {
  // 2026-11-27 is a Friday; Chicago is UTC-6 in November (CST), UTC-5 in summer (CDT).
  it('ships today on a weekday before the cut-off', () => {
    expect(shipsOn(new Date('2026-11-25T20:59:00Z'))).toBe('2026-11-25'); // Wed 14:59 CST
  });
  it('ships the next working day at the cut-off exactly and after it', () => {
    expect(shipsOn(new Date('2026-11-25T21:00:00Z'))).toBe('2026-11-26'); // Wed 15:00 CST
    expect(shipsOn(new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
  });
  it('ships Monday for an order on Friday after the cut-off, and on the weekend', () => {
    expect(shipsOn(new Date('2026-11-27T21:00:00Z'))).toBe('2026-11-30'); // Fri 15:00 CST
    expect(shipsOn(new Date('2026-11-28T15:00:00Z'))).toBe('2026-11-30'); // Sat
    expect(shipsOn(new Date('2026-11-29T20:00:00Z'))).toBe('2026-11-30'); // Sun
  });
  it('uses the Chicago calendar day, not the UTC one', () => {
    // Fri 2026-11-27 23:00 CST is Sat 05:00 UTC: still Friday after the cut-off in Chicago.
    expect(shipsOn(new Date('2026-11-28T05:00:00Z'))).toBe('2026-11-30');
    // Mon 2026-11-30 00:30 CST is 06:30 UTC: Monday before the cut-off.
    expect(shipsOn(new Date('2026-11-30T06:30:00Z'))).toBe('2026-11-30');
  });
  it('moves the cut-off with the clock across daylight-saving changes', () => {
    // Summer (CDT, UTC-5): 15:00 local is 20:00 UTC.
    expect(shipsOn(new Date('2026-07-15T19:59:00Z'))).toBe('2026-07-15');
    expect(shipsOn(new Date('2026-07-15T20:00:00Z'))).toBe('2026-07-16');
    // Monday 2026-03-09, the day after spring forward: 15:00 CDT is 20:00 UTC.
    expect(shipsOn(new Date('2026-03-09T19:59:00Z'))).toBe('2026-03-09');
    expect(shipsOn(new Date('2026-03-09T20:00:00Z'))).toBe('2026-03-10');
    // Monday 2026-11-02, the day after fall back: 15:00 CST is 21:00 UTC.
    expect(shipsOn(new Date('2026-11-02T20:30:00Z'))).toBe('2026-11-02');
    expect(shipsOn(new Date('2026-11-02T21:00:00Z'))).toBe('2026-11-03');
  });
  it('takes another cut-off', () => {
    const berlin = parseShipCutoff('12:00 Europe/Berlin');
    expect(shipsOn(new Date('2026-11-25T10:59:00Z'), berlin)).toBe('2026-11-25');
    expect(shipsOn(new Date('2026-11-25T11:00:00Z'), berlin)).toBe('2026-11-26');
  });
});

describe('working days', () => {
  it('knows weekdays', () => {
    expect(isWorkingDay('2026-11-27')).toBe(true);
    expect(isWorkingDay('2026-11-28')).toBe(false);
    expect(isWorkingDay('2026-11-29')).toBe(false);
  });
  it('adds working days over weekends, months and years', () => {
    expect(addWorkingDays('2026-11-27', 0)).toBe('2026-11-27');
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-25', 5)).toBe('2026-12-02');
    expect(addWorkingDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addWorkingDays('2027-01-01', 1)).toBe('2027-01-04');
  });
  it('refuses what is not a date', () => {
    expect(() => addWorkingDays('27/11/2026', 1)).toThrow(/YYYY-MM-DD/);
  });
});

describe('deliveryEstimate', () => {
  it('counts transit in working days from the ship date', () => {
    expect(deliveryEstimate('2026-11-27', { min: 3, max: 5 })).toEqual({ minimum: '2026-12-02', maximum: '2026-12-04' });
    expect(deliveryEstimate('2026-11-30', { min: 1, max: 1 })).toEqual({ minimum: '2026-12-01', maximum: '2026-12-01' });
  });
});
