import { MAX_TIP } from '@tablo/contract/payment';
import { describe, expect, it } from 'vitest';
import { makePayable, payableLine } from '../testing/payment-fixtures.ts';
import {
  choiceAmount,
  choiceSelection,
  clampPicked,
  everything,
  myItems,
  parseCustomTip,
  pickedAmount,
  shareAmount,
  sharePlan,
  sharesAmount,
  tipForPercent,
} from './selection.ts';

// Goulash 2 × 2 490 (mine, free), beer 4 × 900 (someone else's, 1 reserved), fröccs 700 (mine, paid).
const payable = makePayable();

describe('quick choices', () => {
  it('"pay separately" marks every free unit of my lines, and nothing paid', () => {
    expect(myItems(payable.lines)).toEqual({ 101: 2 });
  });

  it('"pay together" marks every free unit at the table, leaving reserved and paid units out', () => {
    const all = everything(payable.lines);
    expect(all).toEqual({ 101: 2, 201: 3 });
    expect(pickedAmount(payable.lines, all)).toBe(2 * 2490 + 3 * 900);
    expect(pickedAmount(payable.lines, all)).toBe(payable.leftAmount);
  });
});

describe('hand-picked quantities', () => {
  it('pays part of a line: 2 of the 4 beers', () => {
    const choice = { kind: 'items' as const, picked: { 201: 2 } };
    expect(choiceAmount(payable, choice)).toBe(1800);
    expect(choiceSelection(payable, choice)).toEqual({
      kind: 'items',
      items: [{ orderItemId: 201, quantity: 2 }],
    });
  });

  it('cuts a marked line to what is still free and drops lines that are gone or fully taken', () => {
    const lines = [
      payableLine({ orderItemId: 201, en: 'Beer', hu: 'Sör', quantity: 4, reservedQuantity: 3 }),
      payableLine({ orderItemId: 102, en: 'Fröccs', hu: 'Fröccs', quantity: 1, paidQuantity: 1 }),
    ];
    expect(clampPicked(lines, { 201: 3, 102: 1, 999: 2 })).toEqual({ 201: 1 });
  });

  it('selects nothing when nothing is marked', () => {
    expect(choiceSelection(payable, { kind: 'items', picked: {} })).toBeNull();
    expect(choiceAmount(payable, { kind: 'items', picked: { 102: 1 } })).toBe(0);
  });
});

describe('equal shares', () => {
  it('divides exactly: the first amount mod N shares carry the extra forint', () => {
    expect([0, 1, 2].map((index) => shareAmount(10_000, 3, index))).toEqual([3334, 3333, 3333]);
    expect(sharesAmount(10_000, 3, 0, 3)).toBe(10_000);
    expect(sharesAmount(10_000, 3, 1, 2)).toBe(6666);
    // Never past the last share.
    expect(sharesAmount(10_000, 3, 2, 5)).toBe(3333);
  });

  it('a new split divides what is free now (leftAmount); k of N is what is paid', () => {
    expect(payable.leftAmount).toBe(7680);
    expect(sharePlan(payable, 4, 1)).toEqual({ shares: 4, count: 1, amount: 1920, perShare: 1920 });
    expect(choiceAmount(payable, { kind: 'shares', shares: 3, count: 2 })).toBe(2560 + 2560);
    expect(choiceSelection(payable, { kind: 'shares', shares: 3, count: 2 })).toEqual({
      kind: 'shares',
      shares: 3,
      count: 2,
    });
  });

  it('an open split keeps its N and pays the next shares after the paid and reserved ones', () => {
    const split = {
      id: 3,
      shares: 3,
      amount: 10_000,
      paidShares: 0,
      reservedShares: 1,
      nextShareAmount: 3333,
    };
    const open = makePayable({ split });
    // The diner's N is ignored: the open split's N is sent.
    expect(sharePlan(open, 5, 2)).toEqual({ shares: 3, count: 2, amount: 6666, perShare: 3333 });
    expect(choiceSelection(open, { kind: 'shares', shares: 5, count: 1 })).toEqual({
      kind: 'shares',
      shares: 3,
      count: 1,
    });
  });
});

describe('pay what is left', () => {
  it('pays leftAmount, and nothing when nothing is left', () => {
    expect(choiceAmount(payable, { kind: 'rest' })).toBe(payable.leftAmount);
    expect(choiceSelection(payable, { kind: 'rest' })).toEqual({ kind: 'rest' });
    expect(choiceSelection(makePayable({ leftAmount: 0 }), { kind: 'rest' })).toBeNull();
  });
});

describe('tip', () => {
  it('a percentage is rounded to whole forints', () => {
    expect(tipForPercent(7680, 10)).toBe(768);
    expect(tipForPercent(2490, 5)).toBe(125); // 124.5 → 125
    expect(tipForPercent(2489, 15)).toBe(373); // 373.35 → 373
    expect(tipForPercent(0, 15)).toBe(0);
  });

  it('a custom amount is whole forints up to the maximum', () => {
    expect(parseCustomTip('500')).toEqual({ ok: true, tip: 500 });
    expect(parseCustomTip(' 1 000 ')).toEqual({ ok: true, tip: 1000 });
    expect(parseCustomTip('')).toEqual({ ok: true, tip: 0 });
    expect(parseCustomTip('12.5')).toEqual({ ok: false, error: 'format' });
    expect(parseCustomTip('-5')).toEqual({ ok: false, error: 'format' });
    expect(parseCustomTip('abc')).toEqual({ ok: false, error: 'format' });
    expect(parseCustomTip(String(MAX_TIP))).toEqual({ ok: true, tip: MAX_TIP });
    expect(parseCustomTip(String(MAX_TIP + 1))).toEqual({ ok: false, error: 'too_large' });
  });
});
