// What other modules (orders, payments, table calls) use to check a diner session (its visit: modules/visits).
export { requireIssuedSession } from './service.ts';
