import type { LoadContext, Plugin } from '@docusaurus/types';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pageCacheFile } from '../../build/page-cache/ssg';
import { installPageCache } from '../../build/page-cache/install';
import { pageCacheVariable, skipBundlingVariable } from '../../../config/build';

/**
 * The page cache (src/build/page-cache): in the render step of a production build run by tools/build, which names
 * the cache's folder, pages whose parts did not change since the last build of the same output folder are copied
 * rather than rendered. Anywhere else (`npm start`, a bare `docusaurus build`, the bundle steps) it does nothing.
 */
export default function pageCachePlugin(context: LoadContext): Plugin {
  const folder = process.env[pageCacheVariable];
  if (!folder || process.env[skipBundlingVariable] !== 'true') return { name: 'page-cache' };
  const installed = installPageCache(context.siteDir, folder, (message) => console.log(message));
  return {
    name: 'page-cache',
    postBuild() {
      if (installed.wentThrough()) return;
      // Every page was rendered, and the cache no longer describes them: gone, so the next build renders all too.
      rmSync(path.join(folder, pageCacheFile), { force: true });
      console.warn(
        '[page-cache] the render step did not go through the page cache (has Docusaurus stopped reading executeSSG ' +
          'from its module? src/upstream-patches.md): every page was rendered, and the cache is off',
      );
    },
  };
}
