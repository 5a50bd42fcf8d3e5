import type { LoadContext, Plugin } from '@docusaurus/types';
import { installPageCache } from '../../build/page-cache/ssg';
import { pageCacheVariable, skipBundlingVariable } from '../../../config/build';

/**
 * The page cache (src/build/page-cache): in the render step of a production build run by tools/build, which names
 * the cache's folder, pages whose parts did not change since the last build of the same output folder are copied
 * rather than rendered. Anywhere else (`npm start`, a bare `docusaurus build`, the bundle steps) it does nothing.
 */
export default function pageCachePlugin(context: LoadContext): Plugin {
  const folder = process.env[pageCacheVariable];
  if (folder && process.env[skipBundlingVariable] === 'true') {
    installPageCache(context.siteDir, folder, (message) => console.log(message));
  }
  return { name: 'page-cache' };
}
