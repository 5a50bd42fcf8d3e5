import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type { SchemaFile } from '@site/src/core/openapi/view';

/**
 * Where a page fetches the fields of a named schema it does not carry (`/openapi/<id>`, each schema at
 * `<route>/<slug>.json`, written by the openapi-pages plugin): a generated page carries only the trees it shows
 * open. None on a page that has every schema (the single-page reference).
 */
const SchemaFilesContext = createContext<string | undefined>(undefined);

export function SchemaFilesProvider({ files, children }: { files?: string; children: ReactNode }): ReactNode {
  const folder = useBaseUrl(files ?? '/');
  return <SchemaFilesContext.Provider value={files ? folder : undefined}>{children}</SchemaFilesContext.Provider>;
}

/** One fetch per schema file and page load, shared by every field that opens that schema. */
const fetched = new Map<string, Promise<SchemaFile>>();

function fetchSchema(url: string): Promise<SchemaFile> {
  let pending = fetched.get(url);
  if (!pending) {
    pending = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      const file = (await response.json()) as Partial<SchemaFile> | null;
      const node = file?.node;
      if (typeof node !== 'object' || node === null || typeof node.type !== 'string')
        throw new Error('the file is not a schema');
      return { node, markdown: typeof file?.markdown === 'object' && file.markdown !== null ? file.markdown : {} };
    });
    // A failure is not kept: the reader's next try fetches again.
    pending.catch(() => fetched.delete(url));
    fetched.set(url, pending);
  }
  return pending;
}

export type Loading =
  { state: 'idle' | 'loading' } | { state: 'failed'; reason: string } | { state: 'done'; file: SchemaFile };

/** A named field's schema fetched from the page's schema files once `url` is set (the field is shown). */
export function useFetchedSchema(url: string | undefined): { loading: Loading; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  // The outcome names the fetch it belongs to: until the current one settles, the field is loading.
  const [outcome, setOutcome] = useState<{ key: string; loading: Loading }>();
  const key = `${attempt} ${url ?? ''}`;
  useEffect(() => {
    if (!url) return undefined;
    let current = true;
    fetchSchema(url).then(
      (file) => {
        if (current) setOutcome({ key, loading: { state: 'done', file } });
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        if (current) setOutcome({ key, loading: { state: 'failed', reason } });
      },
    );
    return () => {
      current = false;
    };
  }, [url, key]);
  const loading: Loading = !url ? { state: 'idle' } : outcome?.key === key ? outcome.loading : { state: 'loading' };
  return { loading, retry: () => setAttempt((count) => count + 1) };
}

/** The folder of schema files this page fetches from, if any. */
export function useSchemaFiles(): string | undefined {
  return useContext(SchemaFilesContext);
}
