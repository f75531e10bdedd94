import type { StaffMe } from '@tablo/contract/staff';
import { createContext, useContext } from 'react';
import type { StaffLiveStatus } from '../live/staff-live-client.ts';
import type { Sound } from './use-sound.ts';

export type StaffConsole = {
  me: StaffMe;
  sound: Sound;
  live: StaffLiveStatus;
  /** Orders that arrived live in the last minutes: highlighted until moved. */
  freshOrders: ReadonlySet<number>;
  /** Reads the board and the tables again (after a stale move). */
  refresh: () => void;
  /** Logs out: the console (its reads and live socket) stops first, then the session ends. */
  signOut: () => void;
};

export const StaffConsoleContext = createContext<StaffConsole | null>(null);

export function useStaffConsole(): StaffConsole {
  const value = useContext(StaffConsoleContext);
  if (!value) throw new Error('useStaffConsole must be used inside the staff console layout');
  return value;
}
