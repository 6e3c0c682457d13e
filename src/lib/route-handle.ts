// What each route tells the shell: its title (document title, current breadcrumb) and its breadcrumb trail.
import type { Params, UIMatch } from 'react-router';
import type common from '../../locales/fr/common.json';

export type RouteTitleKey = keyof (typeof common)['routes'];

export interface Crumb {
  titleKey: RouteTitleKey;
  to: string;
}

export interface RouteHandle {
  titleKey: RouteTitleKey;
  /** The linked ancestors, outermost first. Without it the page has no breadcrumb. */
  crumbs?: (params: Params) => Crumb[];
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    !!handle && typeof handle === 'object' && typeof (handle as RouteHandle).titleKey === 'string'
  );
}

/** The deepest match that declares a handle: the page being shown. */
export function currentRouteMatch(matches: UIMatch[]): (UIMatch & { handle: RouteHandle }) | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    if (isRouteHandle(match.handle)) return match as UIMatch & { handle: RouteHandle };
  }
  return null;
}
