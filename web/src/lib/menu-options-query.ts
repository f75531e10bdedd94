import type { MenuItem } from '@tablo/contract/menu';
import type { MenuOptionGroup, MenuOptions } from '@tablo/contract/menu-options';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { RequestError } from './request-error.ts';

export function menuOptionsQueryKey(shortName: string) {
  return ['menu-options', shortName] as const;
}

/** An item's groups in the item's order, each's options by `order` (a group the answer lacks is left out). */
export function groupsOf(
  options: MenuOptions | undefined,
  item: Pick<MenuItem, 'optionGroupIds'>,
): MenuOptionGroup[] {
  if (!options) return [];
  const byId = new Map(options.groups.map((group) => [group.id, group]));
  return item.optionGroupIds.flatMap((id) => {
    const group = byId.get(id);
    return group ? [{ ...group, options: [...group.options].sort((a, b) => a.order - b.order) }] : [];
  });
}

/**
 * Issue 27: the restaurant's option groups, read when a dish with choices is opened (or the dietary
 * filter needs them), never with the first screen. The contract module (and zod with it) loads with the request.
 */
export async function getMenuOptions(shortName: string, signal?: AbortSignal): Promise<MenuOptions> {
  const contract = import('@tablo/contract/menu-options');
  const { menuOptionPaths } = await contract;
  const result = await apiRequest(menuOptionPaths.options(shortName), {
    schema: async () => (await contract).MenuOptionsSchema,
    signal,
  });
  if (!result.ok) throw new RequestError(result.status, result.message);
  return result.data;
}

export function menuOptionsQueryOptions(shortName: string) {
  return queryOptions({
    queryKey: menuOptionsQueryKey(shortName),
    queryFn: ({ signal }) => getMenuOptions(shortName, signal),
    staleTime: 60_000,
    networkMode: 'offlineFirst',
  });
}

/** The groups, loaded only while `enabled` (a dialog with choices is open, the cart holds choices, …). */
export function useMenuOptions(shortName: string, enabled = true) {
  return useQuery({ ...menuOptionsQueryOptions(shortName), enabled });
}

/** Every option of the answer by id, with its group. */
export function optionsById(
  options: MenuOptions | undefined,
): Map<number, { group: MenuOptionGroup; option: MenuOptionGroup['options'][number] }> {
  const map = new Map<number, { group: MenuOptionGroup; option: MenuOptionGroup['options'][number] }>();
  for (const group of options?.groups ?? [])
    for (const option of group.options) map.set(option.id, { group, option });
  return map;
}
