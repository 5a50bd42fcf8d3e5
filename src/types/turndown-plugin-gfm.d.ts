// turndown-plugin-gfm ships no types; this is the one export the llms-export plugin uses.
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const tables: TurndownService.Plugin;
}
