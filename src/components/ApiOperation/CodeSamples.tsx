import { useId, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { sampleLanguages, type CodeSample, type SampleLanguage } from '@site/src/lib/samples';
import Code from './Code';
import { arrowTarget } from './tabs';
import styles from './styles.module.css';

import { sampleStorageKey } from '@site/config/sampleTabs';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === sampleStorageKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(sampleStorageKey);
  } catch {
    return null;
  }
}

function chooseLanguage(language: string): void {
  try {
    window.localStorage.setItem(sampleStorageKey, language);
  } catch {
    // Storage may be off (private mode); the choice then holds for this page only, through the listeners.
  }
  listeners.forEach((listener) => listener());
}

const none = (): null => null;

/**
 * The request in each language, as WAI-ARIA tabs. The reader's choice is remembered across pages and applies to
 * every sample of the page at once. The server and the first browser render show the first language, so the markup
 * hydrates as it is; a remembered choice applies right after. `lazy` builds only the chosen language's code, in
 * one panel.
 */
export default function CodeSamples({
  write,
  lazy = false,
}: {
  /** Writes the samples, of every language or only of those given. */
  write: (only?: readonly SampleLanguage[]) => CodeSample[];
  lazy?: boolean;
}): ReactNode {
  const stored = useSyncExternalStore(subscribe, storedLanguage, none);
  const base = useId();
  const samples = sampleLanguages;
  const chosen = samples.find((sample) => sample.id === stored)?.id ?? samples[0].id;
  const index = samples.findIndex((sample) => sample.id === chosen);
  const written = new Map(write(lazy ? [chosen] : undefined).map((sample) => [sample.language, sample]));
  // Lazy (a page of many calls): one panel, the chosen language's, which every tab controls.
  const panelId = (position: number) => (lazy ? `${base}-panel` : `${base}-panel-${position}`);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = arrowTarget(event.key, index, samples.length);
    if (next === undefined) return;
    event.preventDefault();
    chooseLanguage(samples[next].id);
    document.getElementById(`${base}-tab-${next}`)?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label="Language" className={`tabs ${styles.sampleTabs}`}>
        {samples.map((sample, position) => (
          <button
            key={sample.id}
            type="button"
            role="tab"
            id={`${base}-tab-${position}`}
            aria-selected={sample.id === chosen}
            aria-controls={panelId(position)}
            tabIndex={sample.id === chosen ? 0 : -1}
            className={`tabs__item${sample.id === chosen ? ' tabs__item--active' : ''}`}
            onClick={() => chooseLanguage(sample.id)}
            onKeyDown={onKeyDown}
          >
            {sample.label}
          </button>
        ))}
      </div>
      {samples.map((sample, position) => {
        const code = written.get(sample.id);
        if (lazy && sample.id !== chosen) return null;
        return (
          <div
            key={sample.id}
            role="tabpanel"
            id={panelId(position)}
            aria-labelledby={`${base}-tab-${position}`}
            hidden={sample.id !== chosen}
          >
            {code && <Code code={code.code} language={code.prism} />}
          </div>
        );
      })}
    </div>
  );
}
