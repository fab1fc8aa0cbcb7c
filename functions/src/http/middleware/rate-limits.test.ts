import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateLimitScale } from '../../config';
import { clientAddress, configuredRateLimits, DEFAULT_RATE_LIMITS, GOOGLE_FRONT_END_ENTRIES } from './rate-limits';

/** A request as the function sees it: the socket's peer and whatever X-Forwarded-For arrived. */
const request = (xff: string | string[] | undefined, remoteAddress = '169.254.1.1') => ({
  headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
  socket: { remoteAddress },
});

// What Google's front end appends: the peer it accepted the connection from, then the address
// that peer connected to (decision 0036).
const FRONT_END = '216.239.36.54';
const deployed = (xff: string | string[] | undefined) => clientAddress(request(xff) as never, GOOGLE_FRONT_END_ENTRIES);

describe('clientAddress (deployed: Google front end entries trusted)', () => {
  it('takes the peer Google’s front end appended', () => {
    expect(deployed(`203.0.113.7, ${FRONT_END}`)).toBe('203.0.113.7');
    expect(deployed(`2001:db8::7,${FRONT_END}`)).toBe('2001:db8::7');
  });

  it('ignores every entry a caller wrote in front of Google’s', () => {
    for (const forged of ['198.51.100.1', '198.51.100.1, 198.51.100.2', '10.0.0.1', '127.0.0.1', 'not-an-address', '203.0.113.8, unknown']) {
      expect(deployed(`${forged}, 203.0.113.7, ${FRONT_END}`), forged).toBe('203.0.113.7');
    }
  });

  it('ignores a caller’s extra X-Forwarded-For header lines the same way', () => {
    expect(deployed(['198.51.100.1', `203.0.113.7, ${FRONT_END}`])).toBe('203.0.113.7');
  });

  it('with fewer entries than the front end writes, every entry is the front end’s: the first one', () => {
    expect(deployed('203.0.113.7')).toBe('203.0.113.7');
  });

  it('without the header, the socket’s peer', () => {
    expect(deployed(undefined)).toBe('169.254.1.1');
    expect(deployed(' , ')).toBe('169.254.1.1');
  });

  it('a peer entry that is not an address falls back to the front end’s own last entry, never a caller’s', () => {
    expect(deployed(`198.51.100.1, garbage, ${FRONT_END}`)).toBe(FRONT_END);
    expect(deployed('198.51.100.1, garbage, also-garbage')).toBe('169.254.1.1');
  });
});

describe('clientAddress (local stack and tests: nothing trusted in front)', () => {
  it('ignores X-Forwarded-For entirely and takes the socket’s peer', () => {
    expect(clientAddress(request('198.51.100.1', '127.0.0.1') as never, 0)).toBe('127.0.0.1');
    expect(clientAddress(request(`198.51.100.1, 203.0.113.7, ${FRONT_END}`, '::1') as never, 0)).toBe('::1');
  });
});

describe('FRIDGEPARTS_RATE_LIMIT_SCALE', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('multiplies the limits on the local stack', () => {
    vi.stubEnv('FRIDGEPARTS_RATE_LIMIT_SCALE', '10');
    expect(configuredRateLimits()).toEqual({ overall: DEFAULT_RATE_LIMITS.overall * 10, sensitive: DEFAULT_RATE_LIMITS.sensitive * 10 });
  });

  it('keeps the defaults when unset or not a number from 1 to 1000', () => {
    for (const value of ['', ' ', 'ten', '0', '0.5', '-3', '1001', 'Infinity', 'NaN']) {
      vi.stubEnv('FRIDGEPARTS_RATE_LIMIT_SCALE', value);
      expect(rateLimitScale(), JSON.stringify(value)).toBe(1);
    }
    vi.stubEnv('FRIDGEPARTS_RATE_LIMIT_SCALE', undefined);
    expect(configuredRateLimits()).toEqual(DEFAULT_RATE_LIMITS);
  });

  it('is ignored by a deployed function', () => {
    vi.stubEnv('FRIDGEPARTS_RATE_LIMIT_SCALE', '100');
    vi.stubEnv('K_SERVICE', 'api');
    vi.stubEnv('FUNCTIONS_EMULATOR', '');
    expect(rateLimitScale()).toBe(1);
    expect(configuredRateLimits()).toEqual(DEFAULT_RATE_LIMITS);
    // The Functions emulator sets K_SERVICE too, and is not a deployment.
    vi.stubEnv('FUNCTIONS_EMULATOR', 'true');
    expect(rateLimitScale()).toBe(100);
  });
});
