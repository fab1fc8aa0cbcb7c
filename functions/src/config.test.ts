import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CUTOFF } from '@fridgeparts/common/shipping/ship-dates';
import { shipCutoff } from './config';

describe('SHIP_CUTOFF (CONTRACT §14)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('is the default when unset or blank, and HH:MM with a time zone when set', () => {
    expect(shipCutoff({})).toEqual(DEFAULT_CUTOFF);
    expect(shipCutoff({ SHIP_CUTOFF: '  ' })).toEqual(DEFAULT_CUTOFF);
    expect(shipCutoff({ SHIP_CUTOFF: '16:30 America/New_York' })).toEqual({ minutes: 990, timeZone: 'America/New_York' });
  });

  it('refuses a bad value with a message naming the variable and its form, never a silent default', () => {
    for (const bad of ['3pm', '15:00', '25:00 UTC', '15:00 Mars/Olympus']) {
      expect(() => shipCutoff({ SHIP_CUTOFF: bad })).toThrow(/^Configuration: SHIP_CUTOFF is HH:MM and an IANA time zone/);
    }
  });

  it('stops the app at startup (createApp), not the first call that dates a shipment', async () => {
    vi.stubEnv('SHIP_CUTOFF', '15:00 Mars/Olympus');
    vi.resetModules();
    const { createApp } = await import('./http/app');
    expect(() => createApp()).toThrow(/SHIP_CUTOFF is HH:MM and an IANA time zone, like "15:00 America\/Chicago"; "Mars\/Olympus" is not a time zone/);
  });
});

describe('RETURN_DAYS (CONTRACT §16)', () => {
  it('is 30 when unset, blank or not a positive whole number of days, else the days set', async () => {
    const { returnDays } = await import('./config');
    expect(returnDays({})).toBe(30);
    expect(returnDays({ RETURN_DAYS: ' ' })).toBe(30);
    expect(returnDays({ RETURN_DAYS: '0' })).toBe(30);
    expect(returnDays({ RETURN_DAYS: '14.5' })).toBe(30);
    expect(returnDays({ RETURN_DAYS: '45' })).toBe(45);
  });
});
