/**
 * The server's problems by the form's field: a refused save names each problem's path — the body's schema as
 * `body/item/priceGross: …` (listed), the menu file's rules as `item.vatKey: …` or `category.translations[0].title: …`
 * (joined with "; "), the ref rule as `ref: …`. The field is the path's first part after `body/item|category`;
 * a problem that names no field of the form stays in `general`.
 */
export type FieldErrors = { fields: Record<string, string[]>; general: string[] };

const FIELD_NAMES = new Set([
  'ref',
  'translations',
  'priceGross',
  'vatKey',
  'allergens',
  'availabilityType',
  'isActive',
  'imageUrl',
  'categoryRef',
  'minChoices',
  'maxChoices',
  'freeChoices',
  'options',
]);

export function fieldErrors(message: string): FieldErrors {
  const result: FieldErrors = { fields: {}, general: [] };
  const problems = message.split(/; |, (?=body\/|item\.|category\.|group\.|ref:)/);
  for (const problem of problems) {
    const match = /^(?:body\/)?(?:(?:item|category|group)[./])?([A-Za-z]+)[^:]*: (.*)$/s.exec(problem);
    const field = match?.[1];
    if (match && field && FIELD_NAMES.has(field)) {
      result.fields[field] = [...(result.fields[field] ?? []), match[2] ?? problem];
    } else result.general.push(problem);
  }
  return result;
}
