import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
import { generatedSidebarsDir } from '../config/openapi';

type SidebarItems = Extract<SidebarsConfig[string], unknown[]>;

/**
 * The generated pages of one API, grouped by tag (written by the openapi-source plugin before the docs load). Before
 * the first build there are none, and the API's category shows its hand-written pages only.
 */
function generated(id: string): SidebarItems {
  const file = path.resolve(__dirname, '..', generatedSidebarsDir, `${id}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SidebarItems) : [];
}

const sidebars = {
  apiSidebar: [
    'index',
    {
      type: 'category',
      label: 'Data API',
      link: { type: 'doc', id: 'data-api/index' },
      collapsed: false,
      items: ['data-api/data', ...generated('data-v4')],
    },
    {
      type: 'category',
      label: 'Chat API',
      link: { type: 'doc', id: 'chat-api/index' },
      collapsed: false,
      items: ['chat-api/chat', ...generated('chat-v1')],
    },
    'webhooks',
  ],
} satisfies SidebarsConfig;

export default sidebars;
