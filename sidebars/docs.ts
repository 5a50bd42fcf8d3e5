import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
import { apis } from '../config/apis';
import { generatedSidebarsDir } from '../config/generated';

type SidebarItems = Extract<SidebarsConfig[string], unknown[]>;

/**
 * The generated pages of one API, grouped by tag (written by the openapi-source plugin before the docs load). Before
 * the first build there are none, and the API's category shows its hand-written pages only.
 */
function generated(id: string): SidebarItems {
  const file = path.resolve(__dirname, '..', generatedSidebarsDir, `${id}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SidebarItems) : [];
}

/**
 * One category per API of config/apis.ts: its landing page, its overview and changelog, then its generated pages; the
 * changelog of all APIs after the webhooks.
 */
const sidebars = {
  apiSidebar: [
    'index',
    ...apis.map((api) => ({
      type: 'category' as const,
      label: api.title,
      link: { type: 'doc' as const, id: `${api.folder}/reference/api--index` },
      collapsed: false,
      items: [`${api.folder}/reference/api--overview`, `${api.folder}/reference/changelog`, ...generated(api.id)],
    })),
    'webhooks',
    'changelog',
  ],
} satisfies SidebarsConfig;

export default sidebars;
