/** The printer form's fields, as the contract's SavePrinterRequest names them. */
export const PRINTER_FIELDS = ['name', 'address', 'commandSet', 'paperWidth', 'categoryIds'] as const;
export type PrinterField = (typeof PRINTER_FIELDS)[number];

export type PrinterErrors = { fields: Partial<Record<PrinterField, string>>; general: string[] };

const FIELDS = new Set<string>(PRINTER_FIELDS);

/**
 * A refused save by the form's field. The server names a problem's path: its schema check as
 * `body/address: an address is host:port, such as …` (a list, which the API client joins with ", " — so the
 * list is split only before the next `body/`), a rule of its own as `address: …` or `categoryIds: …`.
 * A problem that names no field of the form is shown above the form.
 */
export function printerErrors(message: string): PrinterErrors {
  const result: PrinterErrors = { fields: {}, general: [] };
  for (const problem of message.split(
    /[,;] (?=body\/|(?:name|address|commandSet|paperWidth|categoryIds)\b)/,
  )) {
    const match = /^(?:body\/)?([A-Za-z]+)[^:\s]*: (.+)$/s.exec(problem.trim());
    const field = match?.[1];
    if (match?.[2] && field && FIELDS.has(field)) {
      const name = field as PrinterField;
      result.fields[name] = result.fields[name] ? `${result.fields[name]}; ${match[2]}` : match[2];
    } else result.general.push(problem);
  }
  return result;
}
