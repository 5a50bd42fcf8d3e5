import { afterEach, expect, test, vi } from 'vitest';
import { prefixedConsole } from './pipeline';

afterEach(() => vi.restoreAllMocks());

test("the build's log shows a document's control characters rather than sending them to the terminal", () => {
  const warned: string[] = [];
  const logged: string[] = [];
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void warned.push(line));
  vi.spyOn(console, 'log').mockImplementation((line: string) => void logged.push(line));
  // A path that would clear the screen and retitle the window, in a warning such as a page name's.
  prefixedConsole.warn('operation GET /a\u001b[2J\u001b]0;owned\u0007 would have a page name of 268 characters');
  prefixedConsole.info('x-v1: using the document \u009b31m');
  expect(warned).toEqual([
    '[openapi-source] Warning: operation GET /a\\u{1b}[2J\\u{1b}]0;owned\\u{7} would have a page name of 268 characters',
  ]);
  expect(logged).toEqual(['[openapi-source] x-v1: using the document \\u{9b}31m']);
});
