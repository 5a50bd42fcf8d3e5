/**
 * The runtime document of a reference page: the build-time document is shown at once, then the runtime document
 * is loaded and replaces it when it differs. A pure state machine, so every transition is tested.
 */
export type RuntimeSpecState =
  | { status: 'idle' }
  | { status: 'loading'; attempt: number }
  | { status: 'loaded'; spec: object | undefined }
  | { status: 'failed'; message: string; attempt: number };

export type RuntimeSpecEvent =
  { type: 'start' } | { type: 'success'; spec: object; buildSpec: object } | { type: 'failure'; message: string };

export function runtimeSpecReducer(state: RuntimeSpecState, event: RuntimeSpecEvent): RuntimeSpecState {
  switch (event.type) {
    case 'start':
      return { status: 'loading', attempt: 'attempt' in state ? state.attempt + 1 : 1 };
    case 'success':
      // Only a document that differs replaces the one on screen, so an identical one costs no re-render.
      return { status: 'loaded', spec: sameDocument(event.spec, event.buildSpec) ? undefined : event.spec };
    case 'failure':
      return { status: 'failed', message: event.message, attempt: 'attempt' in state ? state.attempt : 1 };
  }
}

/** Two parsed documents are the same when their JSON is; key order is part of it, as in the published files. */
export function sameDocument(a: object, b: object): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Loads a runtime document and says in one sentence why it cannot be used. */
export async function loadRuntimeSpec(url: string, fetchImpl: typeof fetch = fetch): Promise<object> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  } catch (error) {
    throw new Error(`could not reach ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    throw new Error(`${url} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }
  let value: unknown;
  try {
    value = await response.json();
  } catch {
    throw new Error(`${url} is not a JSON document`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${url} is not an OpenAPI document`);
  }
  const version = (value as { openapi?: unknown }).openapi;
  if (typeof version !== 'string' || !/^3\.[01]\./.test(version)) {
    throw new Error(`${url} is not an OpenAPI 3.0 or 3.1 document`);
  }
  if (typeof (value as { paths?: unknown }).paths !== 'object') {
    throw new Error(`${url} has no paths`);
  }
  return value;
}
