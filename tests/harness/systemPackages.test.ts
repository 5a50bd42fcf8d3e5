import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { installCommand, onPath, provision, systemPackages } from './systemPackages.mjs';

const item = (name: string, present: boolean) => ({ name, for: `the ${name} tests`, present: () => present });

describe('provision', () => {
  test('with everything present it installs nothing and says so', () => {
    const run = vi.fn();
    expect(provision({ list: [item('a', true), item('b', true)], isRoot: true, hasAptGet: true, run })).toBe(
      'system packages: all 2 present',
    );
    expect(run).not.toHaveBeenCalled();
  });

  test('not root, it stops naming only the missing packages and the one command to install them', () => {
    const run = vi.fn();
    const list = [item('nginx', false), item('curl', true), item('golang-go', false)];
    expect(() => provision({ list, isRoot: false, hasAptGet: true, run })).toThrow(
      /missing system packages: nginx \(the nginx tests\), golang-go \(the golang-go tests\); not running as root.*\n {2}sudo apt-get update && sudo apt-get install -y nginx golang-go$/s,
    );
    expect(run).not.toHaveBeenCalled();
  });

  test('as root without apt-get it stops too, saying why', () => {
    expect(() => provision({ list: [item('nginx', false)], isRoot: true, hasAptGet: false, run: vi.fn() })).toThrow(
      /apt-get is not available here/,
    );
  });

  test('as root it updates the lists once and installs the missing ones in one call', () => {
    let installed = false;
    const list = [{ name: 'nginx', for: 'x', present: () => installed }, item('curl', true)];
    const run = vi.fn((args: string[]) => {
      if (args[0] === 'install') installed = true;
    });
    expect(provision({ list, isRoot: true, hasAptGet: true, run })).toMatch(
      /^system packages: installed nginx with apt-get in \d+ s$/,
    );
    expect(run.mock.calls).toEqual([[['update', '-qq']], [['install', '-y', '-qq', 'nginx']]]);
  });

  test('a package still missing after the install is an error, not a later test failure', () => {
    expect(() => provision({ list: [item('nginx', false)], isRoot: true, hasAptGet: true, run: vi.fn() })).toThrow(
      'apt-get installed, but still missing: nginx',
    );
  });
});

test('the README gives the install command of the one list, every package in it', () => {
  const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
  expect(readme).toContain(installCommand());
  expect(systemPackages.map((entry) => entry.name)).toEqual(
    expect.arrayContaining([
      'chromium-headless-shell',
      'chromium',
      'nginx',
      'golang-go',
      'mono-mcs',
      'default-jdk-headless',
      'php-cli',
    ]),
  );
});

test('onPath finds an executable on PATH and not a missing one', () => {
  const nodeDir = path.dirname(process.execPath);
  expect(onPath(path.basename(process.execPath), nodeDir)).toBe(true);
  expect(onPath('no-such-command-here', nodeDir)).toBe(false);
});
