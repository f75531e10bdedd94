import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors.ts';

describe('fieldErrors', () => {
  it('puts each of the server’s problems at its field, whichever way the server named it', () => {
    expect(
      fieldErrors(
        'body/item/priceGross: Too small: expected number to be >=0, body/item/translations/0/title: Too small',
      ).fields,
    ).toEqual({
      priceGross: ['Too small: expected number to be >=0'],
      translations: ['Too small'],
    });
    expect(fieldErrors('item.vatKey: unknown VAT key "Z"').fields).toEqual({
      vatKey: ['unknown VAT key "Z"'],
    });
    expect(fieldErrors('ref: is already used by another category or item').fields.ref).toEqual([
      'is already used by another category or item',
    ]);
  });
  it('keeps what names no field as a general problem', () => {
    expect(fieldErrors('The draft has no changes to publish')).toEqual({
      fields: {},
      general: ['The draft has no changes to publish'],
    });
  });
});
