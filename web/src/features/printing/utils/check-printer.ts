import { type SavePrinterRequest, SavePrinterRequestSchema } from '@tablo/contract/printing';
import type { TFunction } from '../../../lib/texts/texts.ts';
import type { PrinterErrors, PrinterField } from './printer-errors.ts';

/**
 * The form's values checked with the contract's own schema before sending, each problem said in the member's
 * language (the server checks again and names its field: `printerErrors`).
 */
export function checkPrinter(
  values: SavePrinterRequest,
  t: TFunction,
): { ok: true; printer: SavePrinterRequest } | { ok: false; errors: PrinterErrors } {
  const parsed = SavePrinterRequestSchema.safeParse(values);
  if (parsed.success) return { ok: true, printer: values };
  const fields: PrinterErrors['fields'] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as PrinterField;
    if (fields[field]) continue;
    if (field === 'name')
      fields.name = values.name.trim() === '' ? t('name_required') : t('name_too_long', { max: 60 });
    else if (field === 'address')
      fields.address = values.address.trim() === '' ? t('address_required') : t('address_invalid');
    else fields[field] = issue.message;
  }
  return { ok: false, errors: { fields, general: [] } };
}
