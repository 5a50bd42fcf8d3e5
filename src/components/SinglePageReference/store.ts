import type { JsonObject } from '@site/src/core/openapi/document';
import { documentFingerprint, type ReferenceModel } from '@site/src/core/openapi/singlePage';
import { loadDocument } from './loadDocument';

/**
 * What the single-page reference knows in the browser. The server renders the build-time document; the browser
 * gets a document once and hydrates that markup from it, never mounting a second copy:
 * - the page's document (the runtime one on `/api/data`, the published one otherwise) is loaded;
 * - if its fingerprint is the build's, it is the build-time document: the markup hydrates from it and nothing
 *   re-renders;
 * - if it differs, the page renders the new document in place of the server's markup (the build-time document
 *   may be gone from the server: on `/api/data` both have one address by default);
 * - if it fails, the reason is shown and the markup hydrates from the published build-time document, when that one
 *   is still the build's; otherwise the server's markup stays, readable.
 */

export type LoadStatus =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; source: 'build' | 'runtime' }
  | { status: 'failed'; message: string };

export interface ReferenceStoreOptions {
  /** The document this page shows: the runtime document's address, or the published build-time one's. */
  documentUrl: string;
  /** The published build-time document, to hydrate from when the page's document differs or fails. */
  buildUrl: string;
  /** `documentFingerprint` of the build-time document. */
  fingerprint: string;
  /** The page's model of a document; it may be built over several tasks. */
  toModel: (document: JsonObject) => ReferenceModel | Promise<ReferenceModel>;
  fetchImpl?: typeof fetch;
  /**
   * Gives the main thread a turn between reading a document and fingerprinting it: at 1,000 calls each is a task of
   * 30-60 ms in Chromium, together a long one.
   */
  yieldToMain?: () => Promise<void>;
  /** `documentFingerprint` unless a test counts its calls. */
  fingerprintOf?: (document: JsonObject) => string;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class ReferenceStore {
  private state: LoadStatus = { status: 'idle' };
  private runtime: ReferenceModel | undefined;
  private readonly listeners = new Set<() => void>();
  private buildRequested = false;
  private resolveBuild: (model: ReferenceModel) => void = () => undefined;
  /** The build-time reference, once the browser has it: what the server's markup hydrates from. */
  readonly buildModel: Promise<ReferenceModel>;

  constructor(private readonly options: ReferenceStoreOptions) {
    this.buildModel = new Promise((resolve) => (this.resolveBuild = resolve));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = (): LoadStatus => this.state;

  /** The reference of a runtime document that differs from the build's; undefined while it is the build's. */
  getRuntimeModel = (): ReferenceModel | undefined => this.runtime;

  private set(state: LoadStatus, runtime = this.runtime): void {
    this.state = state;
    this.runtime = runtime;
    this.listeners.forEach((listener) => listener());
  }

  /** Whether a document is the build's, told after a turn of the main thread. */
  private async isBuild(document: JsonObject): Promise<boolean> {
    await this.options.yieldToMain?.();
    return (this.options.fingerprintOf ?? documentFingerprint)(document) === this.options.fingerprint;
  }

  private fetchDocument(url: string): Promise<JsonObject> {
    return loadDocument(url, this.options.fetchImpl) as Promise<JsonObject>;
  }

  /**
   * Hydrates from a document already known to be the build's, or loads the published one (once) and hydrates from it
   * if it still is. A document's fingerprint is taken once (`isBuild`).
   */
  private provideBuild(verified?: JsonObject): void {
    if (this.buildRequested) return;
    this.buildRequested = true;
    const build = verified
      ? Promise.resolve(verified)
      : this.fetchDocument(this.options.buildUrl).then(async (document) =>
          (await this.isBuild(document)) ? document : undefined,
        );
    // If the published document cannot be had or is no longer the build's, the server's markup stays as it is:
    // readable, not hydrated (hydrating from another document would not match it).
    build
      .then(async (document) => {
        if (document) this.resolveBuild(await this.options.toModel(document));
      })
      .catch(() => undefined);
  }

  /** Loads the page's document; Retry calls it again. */
  load = async (): Promise<void> => {
    this.set({ status: 'loading' });
    let document: JsonObject;
    try {
      document = await this.fetchDocument(this.options.documentUrl);
    } catch (error) {
      this.set({ status: 'failed', message: reason(error) });
      this.provideBuild();
      return;
    }
    if (await this.isBuild(document)) {
      this.provideBuild(document);
      this.set({ status: 'loaded', source: 'build' }, undefined);
      return;
    }
    let model: ReferenceModel;
    try {
      model = await this.options.toModel(document);
    } catch (error) {
      this.set({ status: 'failed', message: `${this.options.documentUrl} could not be read: ${reason(error)}` });
      this.provideBuild();
      return;
    }
    this.set({ status: 'loaded', source: 'runtime' }, model);
  };
}
