import type { ClientModule } from '@docusaurus/types';
import { announcePathname } from '../../../components/LazyRouteGroup/index';

/** Tells the lazy route groups which location Docusaurus preloads next (see lazyRouteGroup.tsx). */
const module: ClientModule = {
  onRouteUpdate({ location }) {
    announcePathname(location.pathname);
  },
};

export default module;
