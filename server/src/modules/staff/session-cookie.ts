import { STAFF_SESSION_COOKIE } from '@tablo/contract/staff';
import type { FastifyReply } from 'fastify';
import { STAFF_SESSION_TTL_SECONDS } from './service.ts';

const COOKIE_PATH = '/api/staff';

/** The staff session cookie (docs/decisions/009): set by log-in, sign-up and an accepted invitation. */
export function setStaffSessionCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_SESSION_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    maxAge: STAFF_SESSION_TTL_SECONDS,
  });
  reply.header('cache-control', 'no-store');
}

export function clearStaffSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(STAFF_SESSION_COOKIE, { path: COOKIE_PATH });
}
