import { useId, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import HighlightedPre from '@site/src/components/HighlightedPre';
import Heading from '@theme/Heading';
import { sampleStorageKey } from '@site/config/sampleTabs';
import type { RecipeCode as Program } from '@site/src/core/recipes/code';
import CopyButton from '@site/src/components/CopyButton';
import styles from './styles.module.css';

/**
 * "Run it as code": the whole recipe as a program in each language, written at build time (src/core/recipes/code),
 * as WAI-ARIA tabs with the markup and behaviour of the operation pages' samples (ApiOperation/CodeSamples.tsx): the
 * server renders every panel, the first shown; the reader's language is the one remembered for the samples (curl,
 * Node.js, Python), so a choice made on any page holds here too. Written with HighlightedPre rather than importing
 * the reference's `Code`: everything under ApiOperation is the api-reference chunk, which a guide page must not load.
 */

/** The samples' language each program's tab answers to, in the remembered choice. */
const rememberedAs: Record<Program['language'], string> = { shell: 'curl', node: 'node', python: 'python' };

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === sampleStorageKey) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('recipe-code-language', listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('recipe-code-language', listener);
  };
}

function stored(): string | null {
  try {
    return window.localStorage.getItem(sampleStorageKey);
  } catch {
    return null;
  }
}

function choose(language: string): void {
  try {
    window.localStorage.setItem(sampleStorageKey, language);
  } catch {
    // Storage may be off (private mode): the choice then holds on this page only, through the event.
  }
  window.dispatchEvent(new Event('recipe-code-language'));
}

export default function RecipeCode({ programs }: { programs: Program[] }): ReactNode {
  const remembered = useSyncExternalStore(subscribe, stored, () => null);
  const base = useId();
  if (programs.length === 0) return null;
  const index = Math.max(
    0,
    programs.findIndex((program) => rememberedAs[program.language] === remembered),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + programs.length) % programs.length;
    choose(rememberedAs[programs[next].language]);
    document.getElementById(`${base}-tab-${next}`)?.focus();
  };
  return (
    <section aria-labelledby="run-it-as-code" data-recipe-code>
      <Heading as="h2" id="run-it-as-code">
        Run it as code
      </Heading>
      <p>
        The whole recipe as one program, in bash with curl and jq, in Node.js 18 or later (no dependencies) and in
        Python 3 (its standard library only), written from the recipe at every build and run against the mock in CI.
        Each reads your credential and each API&apos;s base URL from the same variables as every sample on this site,
        takes the inputs as <code>--name value</code> (or <code>RECIPE_NAME</code> variables; the examples above
        otherwise), and prints the workflow&apos;s outputs as JSON. A step that writes says so in a comment: running the
        program sends it.
      </p>
      <div role="tablist" aria-label="Language" className={`tabs ${styles.codeTabs}`}>
        {programs.map((program, position) => (
          <button
            key={program.language}
            type="button"
            role="tab"
            id={`${base}-tab-${position}`}
            aria-selected={position === index}
            aria-controls={`${base}-panel-${position}`}
            tabIndex={position === index ? 0 : -1}
            className={`tabs__item${position === index ? ' tabs__item--active' : ''}`}
            data-recipe-code-tab={program.language}
            onClick={() => choose(rememberedAs[program.language])}
            onKeyDown={onKeyDown}
          >
            {program.label}
          </button>
        ))}
      </div>
      {programs.map((program, position) => (
        <div
          key={program.language}
          role="tabpanel"
          id={`${base}-panel-${position}`}
          aria-labelledby={`${base}-tab-${position}`}
          hidden={position !== index}
          data-recipe-code-panel={program.language}
        >
          <div className={`theme-code-block ${styles.code}`}>
            <div className={styles.codeTitle}>
              <span>
                <code>{program.file}</code>: run with <code>{program.command}</code>
              </span>
              <CopyButton code={program.code} className={styles.copy} />
            </div>
            <HighlightedPre code={program.code} language={program.prism} className={styles.pre} />
          </div>
        </div>
      ))}
    </section>
  );
}
