import { describe, expect, it } from 'vitest';

/**
 * Decision 0069 (amended, issue 44): a web test that talks to the API renders the real client and
 * hooks over fake-api.ts, and signs in only through signed-in.tsx. So no test replaces the API
 * client, the session or Firebase Auth's boundary by itself; only the unit tests of those modules
 * fake what is under them.
 */
const sources = import.meta.glob<string>('../**/*.test.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

/** The modules a test must not replace, and the tests of those modules themselves, which may fake what they call. */
const GUARDED = /vi\.mock\(\s*['"][./]*(?:lib\/)?(?:infra\/)?(api-client|session|auth-client)['"]/g;
const OWN_UNIT_TESTS: Record<string, string[]> = {
  '../lib/infra/api-client.test.ts': ['auth-client'],
  '../lib/infra/session.test.tsx': ['auth-client'],
};

describe('one way to fake the API and sign-in', () => {
  it('finds the tests to check', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });

  it('no test mocks the API client, the session or the auth client (signed-in.tsx and fake-api.ts do it)', () => {
    const found = Object.entries(sources).flatMap(([path, text]) =>
      [...text.matchAll(GUARDED)]
        .map((m) => m[1]!)
        .filter((module) => !OWN_UNIT_TESTS[path]?.includes(module))
        .map((module) => `${path}: ${module}`),
    );
    expect(found).toEqual([]);
  });

  it('a test fakes the toasts only with test-support/toast.ts', () => {
    const own = Object.entries(sources).flatMap(([path, text]) =>
      [...text.matchAll(/vi\.mock\(\s*['"]([./]*(?:lib\/)?(?:infra\/)?toast)['"]\s*,\s*([^\n]*)/g)]
        .filter((m) => !/^\(\) => import\('[./]+test-support\/toast'\)\);/.test(m[2]!))
        .map(() => path),
    );
    expect(own).toEqual([]);
    expect(Object.values(sources).filter((text) => text.includes("import('../../../test-support/toast')")).length).toBeGreaterThan(10);
  });
});
