import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import { NO_COMPANY } from '@fridgeparts/common/company';
import { MY_PRICES_MAX_IDS } from '@fridgeparts/common/contract-prices';
import type { ContractPrice, MyPrices } from '@fridgeparts/common/contract-prices.answers';
import { failure, fakeApi, json } from '../../test-support/fake-api';
import { myCompanyFixture } from '../../test-support/fixtures';
import type { FakeUser } from '../../test-support/fake-auth-client';
import { renderSignedIn, renderSignedOut } from '../../test-support/signed-in';

let user: FakeUser | null = null;
/** `ui` for whoever the test signed in (nobody unless it says). */
const show = (ui: ReactElement) => (user ? renderSignedIn(ui, { user }) : renderSignedOut(ui));
const { createPriceLoader, useContractPrices } = await import('./use-contract-prices');

const api = fakeApi();
const price = (toolId: string, dollars: number): ContractPrice => ({ toolId, price: dollars, priceBreaks: [] });

describe('createPriceLoader', () => {
  it('asks once per 100 tools for every tool asked in the same tick, and answers each its own price or none', async () => {
    const calls: string[][] = [];
    const load = createPriceLoader(async (ids) => {
      calls.push(ids);
      return ids.filter((id) => id.endsWith('7')).map((id) => price(id, 7));
    });
    const ids = Array.from({ length: 250 }, (_, i) => `t${i}`);
    // A tool asked twice (two cards of one tool) is asked once.
    const answers = await Promise.all([...ids, 't7'].map((id) => load(id)));
    expect(calls.map((c) => c.length)).toEqual([MY_PRICES_MAX_IDS, MY_PRICES_MAX_IDS, 50]);
    expect(answers[7]).toEqual(price('t7', 7));
    expect(answers[250]).toEqual(price('t7', 7));
    expect(answers[8]).toBeNull();
    // A later tick is a call of its own.
    await load('t17');
    expect(calls).toHaveLength(4);
  });

  it('fails the waiters of a call that failed, or answered something else, instead of leaving them waiting', async () => {
    const load = createPriceLoader(async () => {
      throw new Error('offline');
    });
    await expect(load('a')).rejects.toThrow('offline');
    const odd = createPriceLoader(async () => undefined as unknown as ContractPrice[]);
    await expect(odd('a')).rejects.toThrow();
  });
});

function Prices({ ids }: { ids: string[] }) {
  const { byTool, pending } = useContractPrices(ids);
  return <p data-testid="prices">{pending ? 'pending' : ids.map((id) => `${id}=${byTool.get(id)?.price ?? 'list'}`).join(' ')}</p>;
}

const MEMBER = myCompanyFixture();

describe('useContractPrices', () => {
  afterEach(() => {
    cleanup();
    user = null;
  });

  it('asks nothing for the signed out', async () => {
    await show(<Prices ids={['a', 'b']} />);
    expect(screen.getByTestId('prices')).toHaveTextContent('a=list b=list');
    await new Promise((r) => setTimeout(r, 20));
    expect(api.requests).toHaveLength(0);
  });

  it('asks nothing more for someone in no company (GET /me/company answers three nulls)', async () => {
    user = { uid: 'u-casey', email: 'casey@example.test', displayName: 'Casey', emailVerified: true };
    api.on('GET', API.myCompany, json(NO_COMPANY));
    await show(<Prices ids={['a', 'b']} />);
    await waitFor(() => expect(api.sent('GET', API.myCompany)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('prices')).toHaveTextContent('a=list b=list');
    expect(api.sent('GET', API.myPrices)).toHaveLength(0);
  });

  it("gives a member their company's prices, from one private call with the Bearer, and keeps list prices when it fails", async () => {
    user = { uid: 'u-theo', email: 'theo@example.test', displayName: 'Theo', emailVerified: true };
    api.on('GET', API.myCompany, json(MEMBER)).on('GET', API.myPrices, json<MyPrices>({ prices: [price('b', 9.5)] }));
    await show(<Prices ids={['a', 'b', 'a']} />);
    await waitFor(() => expect(screen.getByTestId('prices')).toHaveTextContent('a=list b=9.5 a=list'));
    const [sent] = api.sent('GET', API.myPrices);
    expect(new URL(sent!.path, 'http://shop.test').searchParams.get('toolIds')).toBe('a,b');
    expect(sent!.headers.authorization).toMatch(/^Bearer /);
    cleanup();

    api.on('GET', API.myPrices, failure('internal', 'The shop could not answer'));
    await show(<Prices ids={['c']} />);
    await waitFor(() => expect(screen.getByTestId('prices')).toHaveTextContent('c=list'));
  });
});
