import { createHash, randomUUID } from 'node:crypto';
import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { CARD_HAS_NO_LIMIT, COMPANY_LIMITS, NET30_NEEDS_LIMIT, type CompanyRole, NO_COMPANY } from '@fridgeparts/common/company';
import type { CompanyCreate, CompanyPatch, InvitationInput, MemberPatch } from '@fridgeparts/common/company.schema';
import type { Company, CompanySummary, MyCompanyAnswer, ShipTo } from '@fridgeparts/common/company.answers';
import { companyFromDocs, companySummaryFromDoc } from '@fridgeparts/common/documents/companies';
import { centsToDollars } from '@fridgeparts/common/money';
import type { PageQuery } from '@fridgeparts/common/pagination';
import { normalizeEmail } from '@fridgeparts/common/user';
import { collections, db, type CompanyDoc, type CompanyInvitationDoc, type CompanyMemberDoc } from '../../data/firestore';
import { badRequest, conflict, forbidden, notFound, preconditionFailed } from '../../errors';
import { logs } from '../../logs';
import type { Caller } from '../caller';
import { companyAccess } from './company-access';
import { readCompanySide } from './company-side';
import { queueInvitationEmail } from '../mail/mail-outbox';
import { readPage, type Page } from '../pagination';

/**
 * Companies and their people (CONTRACT §10, decision 0055). Every write is a transaction that
 * reads the company document first, so changes of one company's people are serialised on it (and
 * never deadlock on each other), and the counts on it (members, admins, invitations) decide the
 * rules that span people: the last company admin, the bound on people. Membership and role are
 * read from Firestore on every call, never from a token.
 */

/** The key of an address's invitation: one pending invitation per address in the shop. Hex, so any address makes a valid document id. */
export const invitationKey = (email: string): string => createHash('sha256').update(normalizeEmail(email)).digest('hex');

const companyRef = (id: string) => collections.companies().doc(id);
const memberRef = (uid: string) => collections.companyMembers().doc(uid);
const invitationRef = (email: string) => collections.companyInvitations().doc(invitationKey(email));
const membersOf = (companyId: string) => collections.companyMembers().where('companyId', '==', companyId).limit(COMPANY_LIMITS.people);
const invitationsOf = (companyId: string) => collections.companyInvitations().where('companyId', '==', companyId).limit(COMPANY_LIMITS.people);

const noSuchCompany = (id: string) => notFound(`There is no company with the id ${id}.`);
const notManager = (what: string) => forbidden(`Only the shop's admins and this company's admins may ${what}.`);
const LAST_ADMIN = 'This is the last company admin of the company: make another member a company admin first.';

/** The company answer as stored now (one document and two bounded queries), or null. */
export async function readCompany(id: string): Promise<Company | null> {
  const [snap, members, invitations] = await Promise.all([companyRef(id).get(), membersOf(id).get(), invitationsOf(id).get()]);
  const doc = snap.data();
  if (!doc) return null;
  return companyFromDocs(
    id,
    doc,
    members.docs.map((d) => ({ uid: d.id, doc: d.data() })),
    invitations.docs.map((d) => d.data()),
  );
}

async function companyAnswer(id: string): Promise<Company> {
  const company = await readCompany(id);
  if (!company) throw noSuchCompany(id);
  return company;
}

/**
 * Inside a write: the company (read first, see above), then the caller's membership. A caller who
 * manages no such company is 403 whether or not it exists (so its existence is not told); a shop
 * admin gets 404 for one that does not exist.
 */
async function managedCompanyIn(
  tx: Transaction,
  caller: Caller,
  id: string,
  what: string,
): Promise<{ ref: DocumentReference<CompanyDoc>; company: CompanyDoc }> {
  const ref = companyRef(id);
  const company = (await tx.get(ref)).data();
  if (companyAccess(await readCompanySide(caller, tx, 'manage'), id, 'manage') !== 'allowed') throw notManager(what);
  if (!company) throw noSuchCompany(id);
  return { ref, company };
}

/** The ship-to list of a new company: ids s1, s2... in the order given. */
export function numberShipTo(list: Omit<ShipTo, 'id'>[], firstSeq = 1): { shipTo: ShipTo[]; nextSeq: number } {
  return { shipTo: list.map((s, i) => ({ id: `s${firstSeq + i}`, label: s.label, address: s.address })), nextSeq: firstSeq + list.length };
}

/**
 * The ship-to list after a PATCH: a location sent with its id keeps it (and takes the label and
 * address sent), one without gets the next id, one left out is removed. Ids are never reused, so an
 * order's shipToId never names a different place (decision 0055). An id the company never had is 400.
 */
export function patchedShipTo(current: ShipTo[], nextSeq: number, sent: NonNullable<CompanyPatch['shipTo']>): { shipTo: ShipTo[]; nextSeq: number } {
  const known = new Set(current.map((s) => s.id));
  const fields: Record<string, string> = {};
  let seq = nextSeq;
  const shipTo = sent.map((s, i) => {
    if (s.id !== undefined && !known.has(s.id)) fields[`shipTo.${i}.id`] = `This company has no ship-to ${s.id}: leave id out for a new location`;
    return { id: s.id ?? `s${seq++}`, label: s.label, address: s.address };
  });
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  return { shipTo, nextSeq: seq };
}

/** Terms and credit limit after a PATCH, checked against what is stored. */
export function patchedTerms(c: Pick<CompanyDoc, 'terms' | 'creditLimitCents' | 'openInvoiceCents'>, p: Pick<CompanyPatch, 'terms' | 'creditLimit'>) {
  const terms = p.terms ?? c.terms;
  if (terms === 'card') {
    if (p.creditLimit !== undefined && p.creditLimit !== null) throw badRequest(CARD_HAS_NO_LIMIT, { creditLimit: CARD_HAS_NO_LIMIT });
    if (c.terms === 'net30' && c.openInvoiceCents > 0) {
      throw conflict('This company still has open invoices: it can move to card terms once they are paid or voided.');
    }
    return { terms, creditLimitCents: null };
  }
  const creditLimitCents = p.creditLimit === undefined ? c.creditLimitCents : p.creditLimit;
  if (creditLimitCents === null) throw badRequest(NET30_NEEDS_LIMIT, { creditLimit: NET30_NEEDS_LIMIT });
  return { terms, creditLimitCents };
}

/** POST /companies (shop admin): 201 with the new company, without people yet. */
export async function createCompany(caller: Caller, input: CompanyCreate): Promise<Company> {
  const ref = collections.companies().doc();
  const now = Timestamp.now();
  const { shipTo, nextSeq } = numberShipTo(input.shipTo);
  const doc: CompanyDoc = {
    name: input.name,
    billingAddress: input.billingAddress,
    shipTo,
    nextShipToSeq: nextSeq,
    terms: input.terms,
    creditLimitCents: input.terms === 'net30' ? (input.creditLimit ?? null) : null,
    openInvoiceCents: 0,
    memberCount: 0,
    adminCount: 0,
    invitationCount: 0,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: caller.uid,
  };
  await ref.create(doc);
  logs.companyChanged(ref.id, 'created', caller.email);
  return companyFromDocs(ref.id, doc, [], []);
}

/** GET /companies (shop admin): companies in the order they were made, a bounded page at a time, people counted. */
export async function listCompanies(page: PageQuery): Promise<Page<CompanySummary>> {
  return readPage({
    query: collections.companies(),
    field: 'createdAt',
    dir: 'asc',
    limit: page.limit,
    cursor: page.cursor,
    map: (d) => companySummaryFromDoc(d.id, d.data()),
  });
}

/** GET /companies/{id} (shop admin, or an admin of that company). */
export async function getCompany(caller: Caller, id: string): Promise<Company> {
  if (companyAccess(await readCompanySide(caller, null, 'see'), id, 'see') !== 'allowed') throw notManager('see a company');
  return companyAnswer(id);
}

/**
 * PATCH /companies/{id} (shop admin): any of name, billing address, ship-to list, terms, credit
 * limit, in one transaction; conditional on `expected` (If-Match or `version`) when given: 412
 * with the company as it is now if it was edited meanwhile.
 */
export async function patchCompany(caller: Caller, id: string, patch: CompanyPatch, expected: string[] | undefined): Promise<Company> {
  const ref = companyRef(id);
  const stale = await db.runTransaction(async (tx) => {
    const c = (await tx.get(ref)).data();
    if (!c) throw noSuchCompany(id);
    if (expected !== undefined && !expected.includes(String(c.version))) return c.version;
    const update: Partial<CompanyDoc> = { version: c.version + 1, updatedAt: Timestamp.now() };
    if (patch.name !== undefined) update.name = patch.name;
    if (patch.billingAddress !== undefined) update.billingAddress = patch.billingAddress;
    if (patch.shipTo !== undefined) {
      const { shipTo, nextSeq } = patchedShipTo(c.shipTo, c.nextShipToSeq, patch.shipTo);
      update.shipTo = shipTo;
      update.nextShipToSeq = nextSeq;
    }
    if (patch.terms !== undefined || patch.creditLimit !== undefined) Object.assign(update, patchedTerms(c, patch));
    tx.update(ref, update);
    return null;
  });
  const company = await companyAnswer(id);
  if (stale !== null)
    throw preconditionFailed('This company was changed since you read it: here it is now. Check it and send your change again.', { company }, company.version);
  logs.companyChanged(id, 'edited', caller.email);
  return company;
}

/**
 * POST /companies/{id}/invitations (shop admin or that company's admin). One pending invitation per
 * address in the shop and one company per person: an address that is a member anywhere, or invited
 * by another company, is 409. The same invitation sent again (a retry) changes nothing and queues no
 * second email (`created: false`); sent again with another role or limit, it takes them, still
 * without a second email. The email is queued in the transaction that creates the invitation.
 */
export async function inviteToCompany(caller: Caller, id: string, input: InvitationInput): Promise<{ created: boolean; company: Company }> {
  const email = normalizeEmail(input.email);
  const spendingLimitCents = input.spendingLimit ?? null;
  const created = await db.runTransaction(async (tx) => {
    const { ref, company } = await managedCompanyIn(tx, caller, id, 'invite people to a company');
    const invRef = invitationRef(email);
    const invitation = (await tx.get(invRef)).data();
    const member = (await tx.get(collections.companyMembers().where('email', '==', email).limit(1))).docs[0]?.data();
    if (member?.companyId === id) throw conflict(`${email} is already a member of ${company.name}.`);
    if (member) throw conflict(`${email} is already a member of another company: a person buys for one company only.`);
    if (invitation && invitation.companyId !== id)
      throw conflict(`${email} has a pending invitation from another company: a person buys for one company only.`);
    if (invitation) {
      if (invitation.role !== input.role || invitation.spendingLimitCents !== spendingLimitCents) {
        tx.update(invRef, { role: input.role, spendingLimitCents });
        tx.update(ref, { updatedAt: Timestamp.now() });
      }
      return false;
    }
    if (company.memberCount + company.invitationCount >= COMPANY_LIMITS.people) {
      throw conflict(
        `A company has at most ${COMPANY_LIMITS.people} people, members and pending invitations together: remove someone or withdraw an invitation first.`,
      );
    }
    const inviteId = randomUUID();
    const now = Timestamp.now();
    const doc: CompanyInvitationDoc = { companyId: id, email, role: input.role, spendingLimitCents, invitedAt: now, invitedBy: caller.uid, inviteId };
    tx.create(invRef, doc);
    tx.update(ref, { invitationCount: company.invitationCount + 1, updatedAt: now });
    queueInvitationEmail(tx, inviteId, id, { companyName: company.name, email, role: input.role, spendingLimitCents });
    return true;
  });
  if (created) logs.companyChanged(id, 'invited', caller.email);
  return { created, company: await companyAnswer(id) };
}

/** DELETE /companies/{id}/invitations/{email} (shop admin or that company's admin): withdraws a pending invitation. */
export async function withdrawInvitation(caller: Caller, id: string, rawEmail: string): Promise<Company> {
  const email = normalizeEmail(rawEmail);
  await db.runTransaction(async (tx) => {
    const { ref, company } = await managedCompanyIn(tx, caller, id, 'withdraw an invitation');
    const invRef = invitationRef(email);
    const invitation = (await tx.get(invRef)).data();
    if (invitation?.companyId !== id) throw notFound(`${company.name} has no pending invitation for ${email}.`);
    tx.delete(invRef);
    tx.update(ref, { invitationCount: company.invitationCount - 1, updatedAt: Timestamp.now() });
  });
  logs.companyChanged(id, 'invitation withdrawn', caller.email);
  return companyAnswer(id);
}

type JoinOutcome = { joined: string } | { moved: true } | null;

/**
 * Called by PUT /user/{email} (a sign-in) with a verified address: joins the company that invited
 * it, deleting the invitation, in one transaction. An unverified sign-in never joins (its address
 * is not proven yours); the invitation waits for a verified one. A person already in a company stays
 * there and the invitation waits (withdrawn by whoever sent it). Two sign-ins at once join once.
 * Answers the company joined, or null.
 */
export async function joinInvitedCompany(caller: Caller): Promise<string | null> {
  if (!caller.emailVerified) return null;
  const invRef = invitationRef(caller.email);
  // Read first outside the transaction only to learn which company to lock first (the order every
  // company write reads in); checked again inside.
  for (let attempt = 0; attempt < 3; attempt++) {
    const peek = (await invRef.get()).data();
    if (!peek) return null;
    const outcome: JoinOutcome = await db.runTransaction(async (tx) => {
      const ref = companyRef(peek.companyId);
      const company = (await tx.get(ref)).data();
      const invitation = (await tx.get(invRef)).data();
      // The caller's membership through the one company side (decision 0072), in this transaction.
      const own = (await readCompanySide(caller, tx)).member;
      if (!invitation) return null;
      if (invitation.companyId !== peek.companyId) return { moved: true };
      if (!company) {
        tx.delete(invRef);
        return null;
      }
      if (own) {
        // Already in this company (a member since): the invitation is spent. In another: it waits.
        if (own.companyId === invitation.companyId) {
          tx.delete(invRef);
          tx.update(ref, { invitationCount: company.invitationCount - 1, updatedAt: Timestamp.now() });
        }
        return null;
      }
      const now = Timestamp.now();
      const member: CompanyMemberDoc = {
        companyId: invitation.companyId,
        email: caller.email,
        role: invitation.role,
        spendingLimitCents: invitation.spendingLimitCents,
        joinedAt: now,
        invitedBy: invitation.invitedBy,
      };
      tx.create(memberRef(caller.uid), member);
      tx.delete(invRef);
      tx.update(ref, {
        memberCount: company.memberCount + 1,
        adminCount: company.adminCount + (invitation.role === 'company-admin' ? 1 : 0),
        invitationCount: company.invitationCount - 1,
        updatedAt: now,
      });
      return { joined: invitation.companyId };
    });
    if (outcome === null) return null;
    if ('joined' in outcome) {
      logs.companyChanged(outcome.joined, 'joined', caller.email);
      return outcome.joined;
    }
  }
  return null;
}

/** Role changes and removals of a member, under the last-admin rule. */
export function adminCountAfter(company: Pick<CompanyDoc, 'adminCount'>, before: CompanyRole, after: CompanyRole | null): number {
  const count = company.adminCount - (before === 'company-admin' ? 1 : 0) + (after === 'company-admin' ? 1 : 0);
  if (before === 'company-admin' && count < 1) throw conflict(LAST_ADMIN);
  return count;
}

async function memberIn(tx: Transaction, id: string, uid: string, companyName: string): Promise<CompanyMemberDoc> {
  const member = (await tx.get(memberRef(uid))).data();
  if (member?.companyId !== id) throw notFound(`${companyName} has no member with the uid ${uid}.`);
  return member;
}

/** PATCH /companies/{id}/members/{uid} (shop admin or that company's admin): role and spending limit. */
export async function patchMember(caller: Caller, id: string, uid: string, patch: MemberPatch): Promise<Company> {
  await db.runTransaction(async (tx) => {
    const { ref, company } = await managedCompanyIn(tx, caller, id, "change a member's role or spending limit");
    const member = await memberIn(tx, id, uid, company.name);
    const role = patch.role ?? member.role;
    const adminCount = adminCountAfter(company, member.role, role);
    const update: Partial<CompanyMemberDoc> = { role };
    if (patch.spendingLimit !== undefined) update.spendingLimitCents = patch.spendingLimit;
    tx.update(memberRef(uid), update);
    tx.update(ref, { adminCount, updatedAt: Timestamp.now() });
  });
  logs.companyChanged(id, 'member changed', caller.email);
  return companyAnswer(id);
}

/**
 * DELETE /companies/{id}/members/{uid} (shop admin or that company's admin; a company admin may
 * remove themself unless they are the last). The membership document goes, so every later call of
 * theirs finds no company at once.
 */
export async function removeMember(caller: Caller, id: string, uid: string): Promise<Company> {
  await db.runTransaction(async (tx) => {
    const { ref, company } = await managedCompanyIn(tx, caller, id, 'remove a member');
    const member = await memberIn(tx, id, uid, company.name);
    const adminCount = adminCountAfter(company, member.role, null);
    tx.delete(memberRef(uid));
    tx.update(ref, { memberCount: company.memberCount - 1, adminCount, updatedAt: Timestamp.now() });
  });
  logs.companyChanged(id, 'member removed', caller.email);
  return companyAnswer(id);
}

/**
 * GET /me/company (signed in): the caller's company, role and spending limit, or all three null for
 * someone in no company. Not a 404 (CONTRACT §10): being in no company is an ordinary answer, and
 * the web asks it on every page a signed-in person opens, where a browser logs each 404.
 */
export async function getMyCompany(caller: Caller): Promise<MyCompanyAnswer> {
  const own = (await readCompanySide(caller)).member;
  const company = own ? await readCompany(own.companyId) : null;
  if (!own || !company) return NO_COMPANY;
  return { company, role: own.role, spendingLimit: own.spendingLimitCents === null ? null : centsToDollars(own.spendingLimitCents) };
}
