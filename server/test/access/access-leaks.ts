import { STAFF_ROLES } from '@tablo/contract/staff';
import { type Actor, NOTES, type World } from './access-world.ts';

/**
 * What an actor may never read in an answer (body or headers) or a websocket message: session ids, staff
 * session tokens, passwords and their hashes always; another staff member's CSRF token; another table's
 * notes and payments; another restaurant's table tokens. What the request itself carried in its URL (a
 * payment id) may come back.
 */
const BISTRO_STAFF: readonly Actor[] = STAFF_ROLES;

export function forbiddenFor(world: World, actor: Actor): string[] {
  const readers = {
    A: ['same', 'sameTable', ...BISTRO_STAFF],
    B: ['otherTable', ...BISTRO_STAFF],
    O: ['otherRestaurant', 'outsider'],
  } as const satisfies Record<keyof typeof NOTES, readonly Actor[]>;
  const forbidden = [...world.alwaysSecret()];
  for (const table of ['A', 'B', 'O'] as const) {
    if (!(readers[table] as readonly Actor[]).includes(actor)) forbidden.push(NOTES[table]);
  }
  if (!(readers.A as readonly Actor[]).includes(actor)) forbidden.push(world.paidA, world.onlineA);
  // The key of the payer's checkout URL: the payer's phone alone gets it.
  if (actor !== 'same') forbidden.push(world.onlineAKey);
  if (actor !== 'OWNER' && actor !== 'MANAGER') forbidden.push(...world.tokens.bistro);
  if (actor !== 'outsider') forbidden.push(...world.tokens.other);
  for (const [who, login] of Object.entries(world.staff)) if (who !== actor) forbidden.push(login.csrf);
  return forbidden.filter((secret) => secret.length > 0);
}

/** The secrets of `forbidden` found in `text` (minus those the request's URL carried). */
export function leaksIn(text: string, forbidden: readonly string[], url = ''): string[] {
  return forbidden.filter((secret) => text.includes(secret) && !url.includes(secret));
}
