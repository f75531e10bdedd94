import type { MenuItem } from '@tablo/contract/menu';
import { createContext, type ReactNode, useContext } from 'react';
import type { MenuItemActionContext } from '../../../lib/dish-actions.ts';

/**
 * Controls a screen adds to every dish (the order route's "Add" button), rendered by the card and the
 * details dialog. The menu feature only reserves the place: without a provider (the menu route) nothing
 * is added, and no ordering code is loaded.
 */
export type RenderMenuItemActions = (
  item: MenuItem,
  place: 'card' | 'dialog',
  context?: MenuItemActionContext,
) => ReactNode;

const MenuItemActionsContext = createContext<RenderMenuItemActions | null>(null);

export const MenuItemActionsProvider = MenuItemActionsContext;

export function useMenuItemActions(): RenderMenuItemActions | null {
  return useContext(MenuItemActionsContext);
}
