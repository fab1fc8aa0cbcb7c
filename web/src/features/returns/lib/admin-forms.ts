import { defaultRestockingFeePercent, DEFAULT_RESTOCKING_FEE_PERCENT, RETURN_LIMITS } from '@fridgeparts/common/returns/returns';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import type { ReturnApprove, ReturnDecline, ReturnReceive } from '@fridgeparts/common/returns/returns.schema';
import type { CoreInspection } from '@fridgeparts/common/returns/cores';

/** The restocking fee's bounds and its default when a part is not needed (CONTRACT §16). */
export const FEE_LIMITS = { min: 0, max: RETURN_LIMITS.maxRestockingFeePercent, notNeeded: DEFAULT_RESTOCKING_FEE_PERCENT } as const;
/** The longest decline reason. */
export const DECLINE_REASON_MAX = RETURN_LIMITS.declineReasonLength;

export interface ApproveForm {
  restockingFeePercent: string;
}
/** The fee the dialog starts from: the server's own default (15 when any line is not-needed, else 0). */
export const approveDefaults = (r: Pick<Return, 'lines'>): ApproveForm => ({ restockingFeePercent: String(defaultRestockingFeePercent(r.lines)) });
/** A percent that is no whole number is sent as typed, for the schema to name. */
export const approveBodyOf = (form: ApproveForm): ReturnApprove => ({ restockingFeePercent: Number(form.restockingFeePercent.trim()) });

export interface DeclineForm {
  reason: string;
}
export const declineBodyOf = (form: DeclineForm): ReturnDecline => ({ reason: form.reason.trim() });

/** The Receive dialog's fields: per line of the return how many came back resaleable and how many damaged (text). */
export interface ReceiveForm {
  lines: { resaleable: string; damaged: string }[];
}
/** Every unit back and resaleable, none damaged: the usual case, changed where it is not. */
export const receiveDefaults = (r: Pick<Return, 'lines'>): ReceiveForm => ({ lines: r.lines.map((l) => ({ resaleable: String(l.quantity), damaged: '0' })) });
/** A blank count is 0; anything else as typed, for the schema to name. */
const count = (text: string): number => (text.trim() === '' ? 0 : Number(text.trim()));
export const receiveBodyOf = (form: ReceiveForm, r: Pick<Return, 'lines'>): ReturnReceive => ({
  lines: r.lines.map((l, i) => ({ lineId: l.lineId, resaleable: count(form.lines[i]?.resaleable ?? ''), damaged: count(form.lines[i]?.damaged ?? '') })),
});

/**
 * A core return's Receive (decision 0088): per line the inspection of its cores, and for Partial
 * the dollars credited (text), at most the deposit of the line's cores.
 */
export interface CoreReceiveForm {
  lines: { inspection: CoreInspection; amount: string }[];
}
/** The body of a core return's receipt, `amount` in dollars (the server's schema takes dollars and makes cents). */
export interface CoreReceiveBody {
  lines: { lineId: string; inspection: CoreInspection; amount?: number | string }[];
}
/** Every core accepted: the usual case, changed where it is not. */
export const coreReceiveDefaults = (r: Pick<Return, 'lines'>): CoreReceiveForm => ({ lines: r.lines.map(() => ({ inspection: 'accepted', amount: '' })) });
/** The deposit of a core line's cores, dollars: deposit per unit x units. */
export const coreDepositOf = (l: Pick<Return['lines'][number], 'coreDeposit' | 'quantity'>): number =>
  Math.round((l.coreDeposit ?? 0) * 100 * l.quantity) / 100;
/** `amount` only for Partial: a number when it reads as one, else as typed for the schema to name. */
export const coreReceiveBodyOf = (form: CoreReceiveForm, r: Pick<Return, 'lines'>): CoreReceiveBody => ({
  lines: r.lines.map((l, i) => {
    const f = form.lines[i] ?? { inspection: 'accepted' as const, amount: '' };
    if (f.inspection !== 'partial') return { lineId: l.lineId, inspection: f.inspection };
    const text = f.amount.trim().replace(/^\$/, '');
    return { lineId: l.lineId, inspection: 'partial', amount: text !== '' && Number.isFinite(Number(text)) ? Number(text) : text };
  }),
});
