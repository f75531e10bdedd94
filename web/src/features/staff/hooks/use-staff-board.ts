import type { StaffBoard } from '@tablo/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { staffBoardQueryOptions } from '../api/staff-board.ts';
import { recentEvents } from '../live/recent-events.ts';
import { reconcileBoard } from '../utils/board-events.ts';

/** Reads the board; the events the socket delivered while it was read are laid over it. */
export function staffBoardQuery() {
  return staffBoardQueryOptions((board: StaffBoard) => reconcileBoard(board, recentEvents()));
}

export function useStaffBoard() {
  return useQuery(staffBoardQuery());
}
