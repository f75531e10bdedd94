import { describe, expect, it } from 'vitest';
import { printerErrors } from './printer-errors.ts';

describe('printerErrors', () => {
  it('puts each problem of a refused save next to its field, a comma inside a message included', () => {
    const message = [
      'body/address: an address is host:port, such as 192.168.1.50:9100',
      'body/name: Too small: expected string to have >=1 characters',
      'body/categoryIds/2: Invalid input',
    ].join(', ');
    expect(printerErrors(message)).toEqual({
      fields: {
        address: 'an address is host:port, such as 192.168.1.50:9100',
        name: 'Too small: expected string to have >=1 characters',
        categoryIds: 'Invalid input',
      },
      general: [],
    });
  });

  it('reads the server’s own rules (`field: …`) and keeps anything else for above the form', () => {
    expect(printerErrors('categoryIds: category 99 is not on this menu')).toEqual({
      fields: { categoryIds: 'category 99 is not on this menu' },
      general: [],
    });
    expect(printerErrors('A printer with this name already exists')).toEqual({
      fields: {},
      general: ['A printer with this name already exists'],
    });
  });
});
