import { Timestamp, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import type { Booking } from '@fridgeparts/common/booking';
import {
  CART_EMPTY_MESSAGE,
  CART_FULL_MESSAGE,
  CART_MAX_LINES,
  type Cart,
  type CartInput,
  type CartLine,
  type CartLineInput,
  type CartLinesInput,
  type CheckoutInput,
} from '@fridgeparts/common/cart';
import { MAX_QUANTITY } from '@fridgeparts/common/constants';
import { cartDoc, storedCartVersion, type CartLineDoc } from '@fridgeparts/common/documents/carts';
import { pricedTool } from '@fridgeparts/common/documents/tools';
import { isDocumentId } from '@fridgeparts/common/ids';
import { centsToDollars, lineTotalCents } from '@fridgeparts/common/money';
import { unitPriceCentsFor } from '@fridgeparts/common/pricing';
import { collections, db, isoTime, type CartDoc, type ToolDoc } from '../../data/firestore';
import { AppError, badRequest, preconditionFailed } from '../../errors';
import type { Caller } from '../caller';
import { UNKNOWN_PART_NUMBER } from './quick-order';
import { replacedMessage, resolvedFromOf, resolveNumbers, sameNumber, unresolvedMessage } from '../catalog/part-number-registry';
import type { ResolvedFrom } from '@fridgeparts/common/search/part-alias';
import type { ToolRef } from '@fridgeparts/common/tool';
import { makeOrder } from './make-order';
import { availabilityNow } from '../catalog/tool-answer';
import { coreDepositOf, describeProblem, planLine, problemDetails, splitLine, type ResolvedLine } from './order-lines';
import { backorderExpectedOn, shopToday } from '@fridgeparts/common/availability/availability';
import { shipCutoff } from '../../config';
import { MESSAGES } from '@fridgeparts/common/messages';
import { orderCompanyIn } from '../companies/company-side';
import type { ContractPriceCents } from '@fridgeparts/common/contract-prices';
import { contractPricesFor, type ContractPrices } from '../companies/contract-prices';
import type { CartQuery } from '@fridgeparts/common/tax/tax.schema';
import { cartTax } from '../tax/cart-tax';

/**
 * The cart and its checkout (CONTRACT §8). The cart is carts/{uid}: only { toolId, quantity } per
 * line, priced and checked against the tools on every answer (docs/decisions/0032). A quantity the
 * booking rules refuse is stored and answered as the line's problem (stock changes; the buyer fixes
 * it on the cart page); only a line that names no tool, or a tool twice, is refused.
 *
 * Every write runs in a transaction that reads the cart and stores its version plus 1 (CONTRACT
 * §13, decision 0043): POST /cart/lines merges into the cart as stored, so two adds at once both
 * land; PUT /cart and checkout may name the version the buyer saw and change nothing (412 with the
 * cart now) when it moved since. Tools and part numbers are read outside those transactions: the
 * answer prices the lines as the tools are now, and a cart write never waits for (or holds up) a
 * booking that takes stock.
 */

export const TOOL_GONE_MESSAGE = 'This part is no longer in the catalogue. Remove it from your cart.';
export const UNKNOWN_TOOL = (id: string) => `There is no tool with id "${id}". It may have been removed from the catalogue.`;
const SAME_TOOL_TWICE = (earlier: number) =>
  `This part is already on line ${earlier + 1} of the cart: one line per part, so change that line's quantity instead.`;

const cartRef = (uid: string) => collections.carts().doc(uid);
const toolIdsOf = (lines: CartLineDoc[]) => lines.map((l) => l.toolId);

/** The tools of these ids that exist, each read once (one getAll; ids that are not document ids are none). */
async function readTools(
  ids: Iterable<string>,
  read: (refs: DocumentReference<ToolDoc>[]) => Promise<DocumentSnapshot[]> = (refs) => db.getAll(...refs),
): Promise<Map<string, ToolDoc>> {
  const refs = [...new Set(ids)].filter(isDocumentId).map((id) => collections.tools().doc(id));
  const snaps = refs.length > 0 ? await read(refs) : [];
  return new Map(snaps.filter((s) => s.exists).map((s) => [s.id, s.data() as ToolDoc]));
}

/**
 * A stored line as answered: the tool as it is now (or gone), its price after breaks (the caller's
 * contract price when their company has one, decision 0057: the cart stores no price, so a price set
 * or removed shows on the next read), its problem.
 */
export function cartLineOf(
  line: CartLineDoc,
  tool: ToolDoc | undefined,
  extra: { replaced?: string; contract?: ContractPriceCents } = {},
): CartLine & { lineTotalCents: number | null; coreDepositCents: number } {
  const resolvedFrom = line.resolvedFrom ?? null;
  if (!tool) {
    return {
      toolId: line.toolId,
      partNumber: null,
      name: null,
      quantity: line.quantity,
      price: null,
      lineTotal: null,
      lineTotalCents: null,
      minimumQuantity: null,
      packSize: null,
      availableQuantity: null,
      availability: null,
      problem: TOOL_GONE_MESSAGE,
      resolvedFrom,
      backorder: line.backorder === true,
      backorderedQuantity: 0,
      expectedOn: null,
      coreDeposit: 0,
      coreDepositCents: 0,
    };
  }
  const priced = pricedTool(tool);
  const backorder = line.backorder === true;
  const plan = planLine(tool, line.quantity, 0, undefined, backorder);
  // CONTRACT §14 (decision 0080): what checking out now would backorder, and when it is expected.
  const { backordered } = splitLine(priced.availableQuantity, line.quantity, backorder && !('problem' in plan));
  const expectedOn = backordered > 0 ? backorderExpectedOn(tool, (tool.backorderedQuantity ?? 0) + backordered, shopToday(new Date(), shipCutoff())) : null;
  const unitPriceCents = unitPriceCentsFor(extra.contract ?? priced, line.quantity);
  const totalCents = lineTotalCents(unitPriceCents, line.quantity);
  const depositCents = coreDepositOf(tool, line.quantity);
  return {
    toolId: line.toolId,
    partNumber: tool.partNumber ?? null,
    name: tool.name,
    quantity: line.quantity,
    price: centsToDollars(unitPriceCents),
    lineTotal: centsToDollars(totalCents),
    lineTotalCents: totalCents,
    minimumQuantity: priced.minimumQuantity,
    packSize: priced.packSize,
    availableQuantity: priced.availableQuantity,
    availability: availabilityNow(tool),
    // A tool discontinued since it was added (CONTRACT §11) can not be checked out as itself.
    problem: tool.replacedBy
      ? (extra.replaced ?? `${tool.partNumber ?? line.toolId} has been discontinued`)
      : 'problem' in plan
        ? describeProblem(plan.problem, tool)
        : null,
    resolvedFrom,
    backorder,
    backorderedQuantity: backordered,
    expectedOn,
    // Decision 0088: charged with the line at checkout, apart from its total.
    coreDeposit: centsToDollars(depositCents),
    coreDepositCents: depositCents,
  };
}

/** What a cart answer says beyond the lines and tools: why a discontinued tool's line is refused. */
export interface CartNotes {
  replaced?: ReadonlyMap<string, string>;
  /** The caller's contract prices for the cart's tools (contract-prices.ts contractPricesFor). */
  prices?: ContractPrices;
}

/** "FP-DFT-6H21 has been replaced by FP-DFT-8H25" for each discontinued tool among `tools` (the index; a read only when it does not know). */
export async function replacedMessages(tools: ReadonlyMap<string, ToolDoc>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [id, tool] of tools) if (tool.replacedBy) out.set(id, await replacedMessage(id, tool));
  return out;
}

/** The Cart answer of stored lines and the tools read for them. */
export function cartOf(lines: CartLineDoc[], tools: Map<string, ToolDoc>, updatedAt: Timestamp | null, version: number, notes: CartNotes = {}): Cart {
  const answered = lines.map((l) => cartLineOf(l, tools.get(l.toolId), { replaced: notes.replaced?.get(l.toolId), contract: notes.prices?.get(l.toolId) }));
  // Decision 0088: the deposits are charged with their lines at checkout, so the total counts them.
  const totalCents = answered.reduce((sum, l) => sum + (l.lineTotalCents ?? 0) + l.coreDepositCents, 0);
  return {
    lines: answered.map(({ lineTotalCents: _cents, coreDepositCents: _deposit, ...line }) => line),
    lineCount: answered.length,
    total: centsToDollars(totalCents),
    ready: answered.length > 0 && answered.every((l) => l.problem === null),
    updatedAt: updatedAt ? isoTime(updatedAt) : null,
    version: String(version),
    // No ship-to is known here: GET /cart with one answers the tax (getCart, tax/cart-tax.ts).
    tax: null,
  };
}

/**
 * GET /cart: the caller's cart, priced and checked now. Reads the cart, each of its tools once and
 * the caller's contract prices; with a ship-to or an address in the query, its sales tax
 * (CONTRACT §15, tax/cart-tax.ts).
 */
export async function getCart(caller: Caller, query: CartQuery = {}): Promise<Cart> {
  const stored = (await cartRef(caller.uid).get()).data();
  const lines = stored?.lines ?? [];
  const [tools, prices] = await Promise.all([readTools(toolIdsOf(lines)), contractPricesFor(caller, toolIdsOf(lines))]);
  const cart = cartOf(lines, tools, stored?.updatedAt ?? null, storedCartVersion(stored), { replaced: await replacedMessages(tools), prices });
  return { ...cart, tax: await cartTax(caller, query, cart, tools) };
}

/** Thrown inside a cart transaction when the stored version is not one the caller named. */
class CartMoved extends Error {}

/** Throws CartMoved unless `expected` is absent (no condition) or names the stored version. */
function checkVersion(stored: CartDoc | undefined, expected: string[] | undefined): void {
  if (expected !== undefined && !expected.includes(String(storedCartVersion(stored)))) throw new CartMoved();
}

/**
 * Runs a cart transaction; if it found the cart moved (CartMoved), answers 412 with the cart as it
 * is now, read after the transaction ended (so the caller gets the newest version to try again).
 */
async function unlessMoved<T>(caller: Caller, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof CartMoved) {
      const cart = await getCart(caller);
      throw preconditionFailed(MESSAGES.cartMoved, { cart }, cart.version);
    }
    throw err;
  }
}

/** Lines as sent, resolved: the tool each names (or why none), and what they were resolved from. */
interface ResolvedCartLines {
  /** The tool's id, or undefined for a line that names none. */
  wanted: (string | undefined)[];
  /** The tools named that exist. */
  tools: Map<string, ToolDoc>;
  /** Why a line names no tool it may take (unknown, ambiguous, discontinued), by line. */
  messages: (string | undefined)[];
  /** Suggestions for a number that names no part, by the line's field. */
  suggestions: Record<string, ToolRef[]>;
  /** A line ordered by a number other than its part's own: how (CONTRACT §11), by tool id. */
  resolvedFrom: Map<string, ResolvedFrom>;
  /** Messages of the discontinued tools read. */
  replaced: Map<string, string>;
}

/**
 * Lines as sent, each with the id of the tool it names. A part number is resolved as CONTRACT §11
 * says (part-number-registry.ts resolveNumbers: an older, discontinued, OEM or competitor number names the
 * current part, exactly after normalisation; 0 reads but for numbers the index does not know). A
 * tool named by id that is discontinued is refused, naming its replacement. Reads each tool once,
 * outside any transaction.
 */
async function resolveLines(input: CartLineInput[]): Promise<ResolvedCartLines> {
  const numbers = [...new Set(input.flatMap((l) => ('partNumber' in l ? [l.partNumber] : [])))];
  const answers = new Map((await resolveNumbersOrNone(numbers)).map((a, i) => [numbers[i]!, a]));
  const named = input.map((l) => {
    if ('toolId' in l) return l.toolId;
    const a = answers.get(l.partNumber);
    return a?.found ? a.part._id : undefined;
  });
  const tools = await readTools(named.filter((id): id is string => id !== undefined));
  const replaced = await replacedMessages(tools);
  const messages: (string | undefined)[] = [];
  const suggestions: Record<string, ToolRef[]> = {};
  const resolvedFrom = new Map<string, ResolvedFrom>();
  const wanted = input.map((l, i) => {
    const id = named[i];
    const tool = id ? tools.get(id) : undefined;
    if ('partNumber' in l) {
      const a = answers.get(l.partNumber)!;
      if (!a.found) {
        messages[i] = unresolvedMessage(l.partNumber, a);
        if (a.suggestions.length > 0) suggestions[fieldOf(l, i)] = a.suggestions;
        return undefined;
      }
      // The index may be behind a removal or a re-numbering for a moment: a tool gone, or one
      // that no longer has the number it was found by, is an unknown part number.
      if (!tool || (a.match === 'current' && !sameNumber(tool.partNumber ?? '', l.partNumber))) return undefined;
      const from = resolvedFromOf(l.partNumber, a);
      if (from) resolvedFrom.set(id!, from);
    }
    if (id && tool?.replacedBy) messages[i] = replaced.get(id);
    return id;
  });
  return { wanted, tools, messages, suggestions, resolvedFrom, replaced };
}

const resolveNumbersOrNone = (numbers: string[]) => (numbers.length > 0 ? resolveNumbers(numbers, 'registry') : Promise.resolve([]));

/** 400 naming each bad line, with the suggestions for numbers that name no part. */
const linesRefused = (message: string, problems: Record<string, string>, suggestions: Record<string, ToolRef[]>) =>
  new AppError('invalid-argument', message, problems, Object.keys(suggestions).length > 0 ? { extra: { suggestions } } : {});

/** The field a line's refusal is named under: what the line named its tool by. */
const fieldOf = (line: CartLineInput, i: number) => `lines.${i}.${'partNumber' in line ? 'partNumber' : 'toolId'}`;
const unknownMessage = (line: CartLineInput) => ('partNumber' in line ? UNKNOWN_PART_NUMBER(line.partNumber) : UNKNOWN_TOOL(line.toolId));

/**
 * PUT /cart: replaces the caller's cart. Part numbers are resolved through the registry (as quick
 * order does) and stored as the tool's id. An unknown tool or part number, or a tool on two lines,
 * is 400 with `fields` naming each such line and nothing stored (a line of the stored cart whose
 * tool has gone may stay). With `expected` (If-Match or `version`), a cart whose version is none of
 * them is left as it is: 412 with the cart now. Reads each part number and each tool once, then,
 * in one transaction, the cart; one write.
 */
export async function putCart(caller: Caller, input: CartInput, expected?: string[]): Promise<Cart> {
  const { wanted, tools, messages, suggestions, resolvedFrom, replaced } = await resolveLines(input.lines);
  const { lines, updatedAt, version } = await unlessMoved(caller, () =>
    db.runTransaction(async (tx) => {
      const stored = (await tx.get(cartRef(caller.uid))).data();
      checkVersion(stored, expected);
      // A line already in the cart whose tool has gone since may be sent back as it is (the cart
      // page sends every line when one changes); it stays, answered with its problem, until left out.
      const kept = new Map((stored?.lines ?? []).map((l) => [l.toolId, l]));
      const problems: Record<string, string> = {};
      const lines: CartLineDoc[] = [];
      const lineOfTool = new Map<string, number>();
      input.lines.forEach((line, i) => {
        const id = wanted[i];
        const known = id !== undefined && (tools.has(id) || ('toolId' in line && kept.has(id)));
        // A discontinued tool may stay on a line the cart already held (answered with its problem).
        const refused = messages[i] !== undefined && !(id !== undefined && 'toolId' in line && kept.has(id));
        if (!known || refused) {
          problems[fieldOf(line, i)] = messages[i] ?? unknownMessage(line);
          return;
        }
        const earlier = lineOfTool.get(id);
        if (earlier !== undefined) {
          problems[fieldOf(line, i)] = SAME_TOOL_TWICE(earlier);
          return;
        }
        lineOfTool.set(id, i);
        // Added by a number other than its own: says so; a line sent by id keeps what it said.
        const from = 'partNumber' in line ? resolvedFrom.get(id) : kept.get(id)?.resolvedFrom;
        lines.push({ toolId: id, quantity: line.quantity, ...(from ? { resolvedFrom: from } : {}), ...(line.backorder ? { backorder: true } : {}) });
      });
      const bad = Object.keys(problems).length;
      if (bad > 0)
        throw linesRefused(
          `${bad} of ${input.lines.length} lines name no part of the catalogue, a discontinued one, or repeat a part, so the cart was not changed. Fix the lines marked and try again.`,
          problems,
          suggestions,
        );
      return writeCart(tx, caller, lines, stored);
    }),
  );
  return cartOf(lines, tools, updatedAt, version, {
    replaced,
    prices: await contractPricesFor(caller, toolIdsOf(lines)),
  });
}

/** Stores `lines` as the caller's cart with the next version, in the transaction that read `stored`. */
function writeCart(tx: Transaction, caller: Caller, lines: CartLineDoc[], stored: CartDoc | undefined, updatedAt = Timestamp.now()) {
  const version = storedCartVersion(stored) + 1;
  tx.set(cartRef(caller.uid), cartDoc<Timestamp>(lines, updatedAt, version) as CartDoc);
  return { lines, updatedAt, version };
}

export interface MergedCart {
  lines: CartLineDoc[];
  /** `lines` (the cart would hold more than CART_MAX_LINES tools) or `lines.{i}.quantity`. */
  problems: Record<string, string>;
}

/**
 * The stored lines with `added` merged in (POST /cart/lines): a tool already in the cart, or named
 * again among `added`, gets the quantity added on its line; a new tool is appended, in the order
 * given. A line added by a number other than the part's own says so from then on (its
 * `resolvedFrom`), until added again by another such number. Refused (problems, keyed as the request's fields): more than CART_MAX_LINES tools, or a
 * tool's quantity over MAX_QUANTITY (named on the added line that passes it). Pure: tested alone.
 */
export function mergeCartLines(stored: CartLineDoc[], added: CartLineDoc[]): MergedCart {
  const lines = stored.map((l) => ({ ...l }));
  const at = new Map(lines.map((l, i) => [l.toolId, i]));
  const problems: Record<string, string> = {};
  added.forEach((line, i) => {
    const place = at.get(line.toolId);
    const existing = place === undefined ? undefined : lines[place];
    if (existing) {
      const quantity = existing.quantity + line.quantity;
      if (quantity > MAX_QUANTITY)
        problems[`lines.${i}.quantity`] ??= `With this line the cart would hold ${quantity} of this part, more than ${MAX_QUANTITY}.`;
      else {
        existing.quantity = quantity;
        if (line.resolvedFrom) existing.resolvedFrom = line.resolvedFrom;
        // Asked to backorder once, the line stays so until the buyer sends it without (PUT /cart).
        if (line.backorder) existing.backorder = true;
      }
      return;
    }
    at.set(line.toolId, lines.length);
    lines.push({ ...line });
  });
  if (lines.length > CART_MAX_LINES) problems.lines = CART_FULL_MESSAGE;
  return { lines, problems };
}

/**
 * POST /cart/lines: adds lines to the caller's cart as it is stored when the transaction runs, so
 * two adds at once (two cards, two tabs, two devices) both land; answers the whole cart. Quantity
 * problems (minimum, pack, stock) are stored and answered on their line, as PUT /cart does. 400,
 * nothing stored: a line naming no tool (`lines.{i}.toolId` / `lines.{i}.partNumber`), a cart
 * that would hold more than 50 tools (`lines`), a quantity over the maximum (`lines.{i}.quantity`).
 * Reads each part number and tool named once, then in one transaction the cart (one write); then
 * the tools of the cart's other lines, for the answer.
 */
export async function addCartLines(caller: Caller, input: CartLinesInput): Promise<Cart> {
  const { wanted, tools, messages, suggestions, resolvedFrom, replaced } = await resolveLines(input.lines);
  const unknown: Record<string, string> = {};
  const added: CartLineDoc[] = [];
  input.lines.forEach((line, i) => {
    const id = wanted[i];
    if (id === undefined || !tools.has(id) || messages[i] !== undefined) unknown[fieldOf(line, i)] = messages[i] ?? unknownMessage(line);
    else {
      const from = 'partNumber' in line ? resolvedFrom.get(id) : undefined;
      added.push({ toolId: id, quantity: line.quantity, ...(from ? { resolvedFrom: from } : {}), ...(line.backorder ? { backorder: true } : {}) });
    }
  });
  const gone = Object.keys(unknown).length;
  if (gone > 0)
    throw linesRefused(
      `${gone} of ${input.lines.length} lines name no part of the catalogue or a discontinued one, so nothing was added to the cart. Fix the lines marked and try again.`,
      unknown,
      suggestions,
    );

  const { lines, updatedAt, version } = await db.runTransaction(async (tx) => {
    const stored = (await tx.get(cartRef(caller.uid))).data();
    const merged = mergeCartLines(stored?.lines ?? [], added);
    const bad = Object.keys(merged.problems);
    if (bad.length > 0)
      throw badRequest(
        merged.problems.lines ??
          `${bad.length} lines would pass the largest quantity a cart line may hold, so nothing was added. Fix the lines marked and try again.`,
        merged.problems,
      );
    return writeCart(tx, caller, merged.lines, stored);
  });
  const [others, prices] = await Promise.all([
    readTools(lines.map((l) => l.toolId).filter((id) => !tools.has(id))),
    contractPricesFor(caller, toolIdsOf(lines)),
  ]);
  return cartOf(lines, new Map([...tools, ...others]), updatedAt, version, {
    replaced: new Map([...replaced, ...(await replacedMessages(others))]),
    prices,
  });
}

/**
 * POST /booking/checkout: the cart booked as one order in one transaction, or nothing changes.
 * Reads the cart, each of its tools once (getAll) and the order counter, all before any write;
 * then writes each tool's stock, the counter, the booking, its email and the emptied cart. A second
 * checkout of the same cart at once retries against the emptied cart and is refused as empty.
 * With `expected` (If-Match or `version`), a cart whose version is none of them books nothing:
 * 412 with the cart now (the buyer is shown what they would have bought, and decides again).
 */
export async function checkoutCart(caller: Caller, input: CheckoutInput, expected?: string[]): Promise<Booking> {
  return unlessMoved(caller, () =>
    makeOrder(caller, async (tx) => {
      const stored = (await tx.get(cartRef(caller.uid))).data();
      checkVersion(stored, expected);
      const lines = stored?.lines ?? [];
      if (lines.length === 0) throw badRequest(CART_EMPTY_MESSAGE);
      const tools = await readTools(
        lines.map((l) => l.toolId),
        (refs) => tx.getAll(...refs),
      );
      const replaced = await replacedMessages(tools);
      const company = await orderCompanyIn(tx, caller, input.shipToId);
      const resolved: ResolvedLine[] = lines.map((l) => {
        const tool = tools.get(l.toolId);
        const gone = replaced.get(l.toolId) ?? (tool ? null : TOOL_GONE_MESSAGE);
        return tool && !gone
          ? {
              quantity: l.quantity,
              ref: collections.tools().doc(l.toolId),
              tool,
              ...(l.resolvedFrom ? { resolvedFrom: l.resolvedFrom } : {}),
              ...(l.backorder ? { backorder: true } : {}),
            }
          : { quantity: l.quantity, missing: { field: 'toolId', message: gone ?? TOOL_GONE_MESSAGE } };
      });
      return {
        lines: resolved,
        contact: { phone: input.phone, address: input.address ?? '' },
        poNumber: input.poNumber,
        company,
        shipping: input,
        shipComplete: input.shipComplete,
        refuse: (problems) =>
          badRequest(
            `${problems.length} of ${lines.length} lines of your cart can not be booked, so nothing was booked and the cart is as it was. Fix the lines marked and try again.`,
            problemDetails(problems),
          ),
        // The cart is emptied in the order's transaction: a second checkout of it at once finds it empty.
        alsoWrite: (booking) => writeCart(tx, caller, [], stored, booking.createdAt),
      };
    }),
  );
}
