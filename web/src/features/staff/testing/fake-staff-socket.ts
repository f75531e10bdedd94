import type { StaffServerMessage } from '@tablo/contract/staff';
import { afterEach, beforeEach } from 'vitest';
import type { LiveSocket } from '../../../lib/live-client.ts';
import { setStaffSocketFactory } from '../hooks/use-staff-live.ts';
import { setChimeContextFactory } from '../sound/chime.ts';

/** A test double of the browser's WebSocket for the staff channel: the test plays the server. */
export class FakeStaffSocket implements LiveSocket {
  static all: FakeStaffSocket[] = [];
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {
    FakeStaffSocket.all.push(this);
  }

  static latest(): FakeStaffSocket {
    const socket = FakeStaffSocket.all.at(-1);
    if (!socket) throw new Error('no staff socket');
    return socket;
  }

  get since(): string | null {
    return new URL(this.url).searchParams.get('since');
  }

  send(message: StaffServerMessage | string): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }

  serverClose(code: number): void {
    this.onclose?.({ code });
  }

  close(code = 1000): void {
    this.closedWith = code;
  }
}

/**
 * The console's live parts without a server, for every test of the calling file: each test starts with no
 * staff sockets (new ones are FakeStaffSocket) and a silent chime, and leaves the real factories behind.
 */
export function fakeStaffLivePerTest(): void {
  beforeEach(() => {
    FakeStaffSocket.all = [];
    setStaffSocketFactory((url) => new FakeStaffSocket(url));
    setChimeContextFactory(() => null);
  });
  afterEach(() => {
    setStaffSocketFactory(undefined);
    setChimeContextFactory(undefined);
  });
}
