// What other modules (orders, payments, live) use to scope a diner session to its table's open visit.
export { findJoinedOpenVisit, hadClosedVisitAt, type JoinedVisit } from './repository.ts';
export { requireIssuedSession } from './service.ts';
