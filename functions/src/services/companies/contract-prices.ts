import { Timestamp, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import type { ContractPriceCents } from '@fridgeparts/common/contract-prices';
import type { ContractPriceInput } from '@fridgeparts/common/contract-prices.schema';
import type { CompanyContractPrice, MyPrices } from '@fridgeparts/common/contract-prices.answers';
import { companyContractPriceFromDoc, contractPriceCentsOf, contractPriceFromCents } from '@fridgeparts/common/documents/contract-prices';
import type { DeletedCountResponse } from '@fridgeparts/common/responses';
import { isDocumentId } from '@fridgeparts/common/ids';
import type { PageQuery } from '@fridgeparts/common/pagination';
import { collections, db, type ContractPriceDoc } from '../../data/firestore';
import { notFound } from '../../errors';
import { logs } from '../../logs';
import type { Caller } from '../caller';
import { readPage, type Page } from '../pagination';
import { readCompanySide } from './company-side';

/**
 * Contract prices (CONTRACT §10, decision 0057): companies/{id}/prices/{toolId}, set by the shop
 * admin, charged to the company's members wherever the server prices a line (the cart answer and
 * every order: make-order.ts placeOrder, cart.ts cartOf). Who is a member is read from Firestore
 * on every call, as for everything a company may do (decision 0055), so a removed buyer is charged
 * the list price at once.
 */

/** The contract prices that apply to one caller's lines, by tool id; empty for anyone in no company. */
export type ContractPrices = ReadonlyMap<string, ContractPriceCents>;
export const NO_CONTRACT_PRICES: ContractPrices = new Map();

/** Where a read happens: in an order's transaction (so the price is the one the order is charged), or on its own. */
type Reader = Pick<Transaction, 'get' | 'getAll'> | null;
const getMany = (tx: Reader, refs: DocumentReference<ContractPriceDoc>[]): Promise<DocumentSnapshot<ContractPriceDoc>[]> =>
  refs.length === 0 ? Promise.resolve([]) : tx ? tx.getAll(...refs) : (db.getAll(...refs) as Promise<DocumentSnapshot<ContractPriceDoc>[]>);

/**
 * The contract prices of company `companyId` for these tools: one getAll of at most one document
 * per distinct id (ids that are not document ids have none). For a caller whose membership was
 * already read (the approvals slice reads it in the checkout's transaction): no second read.
 */
export async function companyPricesFor(companyId: string | null, toolIds: Iterable<string>, tx: Reader = null): Promise<ContractPrices> {
  if (companyId === null) return NO_CONTRACT_PRICES;
  const refs = [...new Set(toolIds)].filter(isDocumentId).map((id) => collections.companyPrices(companyId).doc(id));
  const snaps = await getMany(tx, refs);
  return new Map(snaps.flatMap((s) => (s.exists ? [[s.id, contractPriceCentsOf(s.data() as ContractPriceDoc)] as const] : [])));
}

/**
 * The contract prices that apply to the caller for these tools: their membership, read once through
 * the one company side (company-side.ts readCompanySide, decision 0072), then companyPricesFor. With
 * `tx`, both are the transaction's reads (before its writes), so an order is charged the price it
 * was checked against even when the admin changes it at that moment. A shop admin is priced by
 * their membership as anyone else: contract prices are a member's, not a role's.
 */
export async function contractPricesFor(caller: Pick<Caller, 'uid' | 'admin'>, toolIds: Iterable<string>, tx: Reader = null): Promise<ContractPrices> {
  const ids = [...new Set(toolIds)];
  if (ids.length === 0) return NO_CONTRACT_PRICES;
  const { member } = await readCompanySide(caller, tx);
  return companyPricesFor(member?.companyId ?? null, ids, tx);
}

/** GET /me/prices: the caller's company's prices for these tools (already bounded and checked by myPricesQuerySchema), in the order asked. */
export async function myContractPrices(caller: Caller, toolIds: string[]): Promise<MyPrices> {
  const prices = await contractPricesFor(caller, toolIds);
  return { prices: toolIds.flatMap((id) => (prices.has(id) ? [contractPriceFromCents(id, prices.get(id)!)] : [])) };
}

const noSuchCompany = (id: string) => notFound(`There is no company with the id ${id}.`);
const noSuchTool = (id: string) => notFound(`There is no tool with id "${id}". It may have been removed from the catalogue.`);

/**
 * PUT /companies/{id}/prices/{toolId} (shop admin): sets the company's price and breaks for the
 * tool, replacing any before (a retry changes nothing more). 404 for a company or a tool that does
 * not exist. One transaction: the company, the tool and the price read, one write; `created` says
 * whether the price is new (201) or replaced (200).
 */
export async function putContractPrice(
  caller: Caller,
  companyId: string,
  toolId: string,
  input: ContractPriceInput,
): Promise<{ created: boolean; price: CompanyContractPrice }> {
  const ref = collections.companyPrices(companyId).doc(toolId);
  const { created, doc } = await db.runTransaction(async (tx) => {
    const [company, tool, before] = await Promise.all([tx.get(collections.companies().doc(companyId)), tx.get(collections.tools().doc(toolId)), tx.get(ref)]);
    if (!company.exists) throw noSuchCompany(companyId);
    if (!tool.exists) throw noSuchTool(toolId);
    const now = Timestamp.now();
    const stored = before.data();
    const doc: ContractPriceDoc = {
      priceCents: input.priceCents,
      priceBreaks: input.priceBreaks.map((b) => ({ minQuantity: b.minQuantity, priceCents: b.priceCents })),
      createdAt: stored?.createdAt ?? now,
      updatedAt: now,
      updatedBy: caller.uid,
    };
    tx.set(ref, doc);
    return { created: !stored, doc };
  });
  logs.companyChanged(companyId, `contract price of ${toolId} ${created ? 'set' : 'changed'}`, caller.email);
  return { created, price: companyContractPriceFromDoc(toolId, doc) };
}

/**
 * DELETE /companies/{id}/prices/{toolId} (shop admin): the company's members pay the list price
 * again from the next read. As the shop's other DELETEs (DELETE /manage/{id}, an invitation): 404
 * when there is no such company or no such price, so a repeat says it is already gone. The tool
 * itself need not exist any more (a price left behind by a removed tool can be removed).
 */
export async function deleteContractPrice(caller: Caller, companyId: string, toolId: string): Promise<DeletedCountResponse> {
  const ref = collections.companyPrices(companyId).doc(toolId);
  await db.runTransaction(async (tx) => {
    const [company, price] = await Promise.all([tx.get(collections.companies().doc(companyId)), tx.get(ref)]);
    if (!company.exists) throw noSuchCompany(companyId);
    if (!price.exists) throw notFound(`This company has no contract price for the tool "${toolId}": it pays the list price already.`);
    tx.delete(ref);
  });
  logs.companyChanged(companyId, `contract price of ${toolId} removed`, caller.email);
  return { deletedCount: 1 };
}

/** GET /companies/{id}/prices (shop admin): a bounded page, in the order the prices were first set; 404 for no such company. */
export async function listContractPrices(companyId: string, page: PageQuery): Promise<Page<CompanyContractPrice>> {
  const [company, rows] = await Promise.all([
    collections.companies().doc(companyId).get(),
    readPage({
      query: collections.companyPrices(companyId),
      field: 'createdAt',
      dir: 'asc',
      limit: page.limit,
      cursor: page.cursor,
      map: (d) => companyContractPriceFromDoc(d.id, d.data()),
    }),
  ]);
  if (!company.exists) throw noSuchCompany(companyId);
  return rows;
}
