import { useLocation } from 'react-router';
import type { MenuRoute } from '@gjj-hall/sdk/menu';
import { useStore } from '@nanostores/react';
import { $menuRoutes } from '../../shared/services';
import { findRoute } from '../menu-routes';

/** The route built from the menus for the current address (its title, caching flag), if any. */
export function useCurrentRoute(): MenuRoute | undefined {
  const { pathname } = useLocation();
  return findRoute(useStore($menuRoutes), pathname);
}
