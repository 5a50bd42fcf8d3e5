import { useId, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import {
  documentSampleId,
  documentSampleLimits,
  sampleLanguages,
  type CodeSample,
  type SampleLanguage,
} from '@site/src/core/samples';
import type { DocumentSampleView } from '@site/src/core/openapi/view';
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

/** A tab: one of the ten languages, or one of the document's own samples (named `document:<label>`). */
interface SampleTab {
  id: string;
  label: string;
  document?: DocumentSampleView;
}

/**
 * The request in each language, as WAI-ARIA tabs, after the call's own samples from the document (`x-codeSamples`)
 * when it has any. The reader's choice is remembered across pages and applies to every sample of the page at once:
 * a language by its id, a document's sample by its label (`document:<label>`, never one of the ids), so a remembered
 * language is the one shown even on a call with samples of its own. The server and the first browser render show
 * the first tab, so the markup hydrates as it is; a remembered choice applies right after. `lazy` builds only the
 * chosen language's code, in one panel.
 */
export default function CodeSamples({
  write,
  documentSamples = [],
  lazy = false,
}: {
  /** Writes the samples, of every language or only of those given. */
  write: (only?: readonly SampleLanguage[]) => CodeSample[];
  /** The call's own samples, from the document: shown as written, first. */
  documentSamples?: readonly DocumentSampleView[];
  lazy?: boolean;
}): ReactNode {
  const stored = useSyncExternalStore(subscribe, storedLanguage, none);
  const base = useId();
  const samples: SampleTab[] = [
    ...documentSamples.map((sample) => ({ id: documentSampleId(sample.label), label: sample.label, document: sample })),
    ...sampleLanguages,
  ];
  const chosen = samples.find((sample) => sample.id === stored)?.id ?? samples[0].id;
  const index = samples.findIndex((sample) => sample.id === chosen);
  const language = sampleLanguages.find((sample) => sample.id === chosen)?.id;
  const written = new Map(
    (lazy && !language ? [] : write(lazy && language ? [language] : undefined)).map((sample) => [
      sample.language,
      sample,
    ]),
  );
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
      {documentSamples.length > 0 && (
        <p className={styles.sampleLegend}>
          The API&apos;s own samples come first; this portal&apos;s follow the rule.
        </p>
      )}
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
            className={`tabs__item${sample.id === chosen ? ' tabs__item--active' : ''}${
              position > 0 && !sample.document && samples[position - 1].document ? ` ${styles.firstGenerated}` : ''
            }`}
            data-document-sample={sample.document ? '' : undefined}
            onClick={() => chooseLanguage(sample.id)}
            onKeyDown={onKeyDown}
          >
            {sample.label}
            {/* A document's "Python" and the portal's, told apart by name (the separator shows it). */}
            {sample.document && <span className={styles.visuallyHidden}> (from the API&apos;s document)</span>}
          </button>
        ))}
      </div>
      {samples.map((sample, position) => {
        if (lazy && sample.id !== chosen) return null;
        const code = written.get(sample.id as SampleLanguage);
        return (
          <div
            key={sample.id}
            role="tabpanel"
            id={panelId(position)}
            aria-labelledby={`${base}-tab-${position}`}
            hidden={sample.id !== chosen}
          >
            {sample.document ? (
              <>
                <Code
                  code={sample.document.source}
                  language={sample.document.prism}
                  title="From the API's document; not run by this portal"
                />
                {sample.document.cut && (
                  <p className={styles.sampleNote}>
                    Cut at {documentSampleLimits.characters.toLocaleString('en')} characters: the whole sample is in the
                    API&apos;s document.
                  </p>
                )}
              </>
            ) : (
              code && <Code code={code.code} language={code.prism} />
            )}
          </div>
        );
      })}
    </div>
  );
}
