import type { PayableResponse, PaymentMethod } from '@tablo/contract/payment';
import { useState } from 'react';
import type { TipChoice } from '../components/tip-chooser.tsx';
import {
  choiceAmount,
  choiceSelection,
  clampPicked,
  openShares,
  type PaymentChoice,
  type Picked,
  parseCustomTip,
  tipForPercent,
} from '../utils/selection.ts';

export type PaymentMode = PaymentChoice['kind'];

/**
 * What the diner is putting together on the payment summary. Everything shown is derived from the latest
 * payable list: units someone else started paying since they were marked simply drop out of the amount.
 */
export function usePaymentDraft(payable: PayableResponse) {
  const [mode, setMode] = useState<PaymentMode>('items');
  const [picked, setPicked] = useState<Picked>({});
  const [split, setSplit] = useState({ shares: 2, count: 1 });
  const [tipChoice, setTipChoice] = useState<TipChoice>({ kind: 'none' });
  const [chosenMethod, setMethod] = useState<PaymentMethod | null>(null);

  const open = payable.split ? openShares(payable.split) : null;
  const shares = payable.split?.shares ?? split.shares;
  const count = open === null ? Math.min(split.count, shares) : Math.min(split.count, open);
  let choice: PaymentChoice;
  if (mode === 'items') choice = { kind: 'items', picked: clampPicked(payable.lines, picked) };
  else if (mode === 'shares') choice = { kind: 'shares', shares, count };
  else choice = { kind: 'rest' };

  const amount = choiceAmount(payable, choice);
  const selection = choiceSelection(payable, choice);
  const customTip = parseCustomTip(tipChoice.kind === 'custom' ? tipChoice.text : '');
  let tip = 0;
  if (tipChoice.kind === 'percent') tip = tipForPercent(amount, tipChoice.percent);
  else if (tipChoice.kind === 'custom' && customTip.ok) tip = customTip.tip;
  const method =
    chosenMethod !== null && payable.methods.includes(chosenMethod)
      ? chosenMethod
      : (payable.methods[0] ?? null);

  return {
    mode,
    setMode,
    picked: choice.kind === 'items' ? choice.picked : clampPicked(payable.lines, picked),
    setPicked,
    pick: (orderItemId: number, quantity: number) =>
      setPicked((before) => ({ ...before, [orderItemId]: quantity })),
    shares,
    count,
    setShares: (nextShares: number, nextCount: number) => setSplit({ shares: nextShares, count: nextCount }),
    tipChoice,
    setTipChoice,
    customTip,
    method,
    setMethod,
    amount,
    tip,
    total: amount + tip,
    selection,
    tipValid: tipChoice.kind !== 'custom' || customTip.ok,
  };
}
