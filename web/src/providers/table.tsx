import { DEFAULT_TABLE } from '@tablo/contract/default-table';
import type { Restaurant } from '@tablo/contract/restaurant';
import type { Table } from '@tablo/contract/table';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { useHydrated } from '../lib/hydration.ts';
import { useRestaurant } from './restaurant.tsx';

const TableContext = createContext<Table>(DEFAULT_TABLE);

export function useTable(): Table {
  return useContext(TableContext);
}

/**
 * spec §2: the table is the route's table parameter parsed as an integer and matched against the
 * restaurant's table ids; no match → the default table. Decided here: on routes without a table (the menu),
 * the table this tab last visited for the same restaurant is kept, so a diner who scanned a table's code can
 * browse the menu and come back to their orders.
 */
export function TableProvider({ children }: { children: ReactNode }) {
  const restaurant = useRestaurant();
  const { table: param } = useParams();
  // The remembered table is the browser's: the server (and the hydration of its page) renders without it.
  const hydrated = useHydrated();
  const table = useMemo(() => chooseTable(restaurant, param, hydrated), [restaurant, param, hydrated]);

  useEffect(() => {
    if (param !== undefined && table.id !== DEFAULT_TABLE.id) rememberTable(restaurant.shortName, table.id);
  }, [param, restaurant.shortName, table.id]);

  return <TableContext value={table}>{children}</TableContext>;
}

function chooseTable(restaurant: Restaurant, param: string | undefined, remember: boolean): Table {
  if (param === undefined && !remember) return DEFAULT_TABLE;
  const id = param === undefined ? rememberedTable(restaurant.shortName) : Number.parseInt(param, 10);
  return restaurant.tables.find((t) => t.id === id) ?? DEFAULT_TABLE;
}

function storageKey(shortName: string): string {
  return `tablo.table.${shortName}`;
}

function rememberTable(shortName: string, id: number): void {
  try {
    sessionStorage.setItem(storageKey(shortName), String(id));
  } catch {
    // Storage can be unavailable (private modes); the table then lives in the URL only.
  }
}

function rememberedTable(shortName: string): number | undefined {
  try {
    const value = sessionStorage.getItem(storageKey(shortName));
    return value === null ? undefined : Number.parseInt(value, 10);
  } catch {
    return undefined;
  }
}
