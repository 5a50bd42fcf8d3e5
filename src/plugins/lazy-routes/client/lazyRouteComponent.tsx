import React from 'react';
import Loadable from 'react-loadable';
import ComponentCreator from '@docusaurus/ComponentCreator';
import Loading from '@theme/Loading';

/**
 * The component of a route whose entries in Docusaurus's module tables live in a lazy table (see
 * ../lib/split.ts): loading it loads the table first, then the route's own modules, as Docusaurus's ComponentCreator
 * would. Docusaurus preloads a route before it renders it (on first load, before hydration, and on navigation), so
 * the page renders at once with the same markup as the server's.
 */
export default function lazyRouteComponent(loadTable: () => Promise<unknown>, path: string, hash: string) {
  return Loadable({
    loading: Loading,
    loader: async () => {
      await loadTable();
      const Route = ComponentCreator(path, hash);
      // Typed `void`, but Docusaurus's react-loadable returns the loading promise (its own preload awaits it too).
      await (Route.preload() as unknown as Promise<void>);
      return Route;
    },
    render: (Route, props: object) => <Route {...props} />,
  });
}
