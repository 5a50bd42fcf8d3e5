/** Loads an OpenAPI document into the browser and says in one sentence why it cannot be used. */
export async function loadDocument(url: string, fetchImpl: typeof fetch = fetch): Promise<object> {
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
