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
  if (typeof version !== 'string' || !/^3\.[012]\./.test(version)) {
    throw new Error(
      `${url} is not an OpenAPI 3.0, 3.1 or 3.2 document (the build converts Swagger 2.0; this copy was not)`,
    );
  }
  // As the build decides (src/build/pipeline/validate.ts): paths, webhooks or schemas, something to show.
  const { paths, webhooks, components } = value as {
    paths?: unknown;
    webhooks?: unknown;
    components?: { schemas?: unknown };
  };
  const isMap = (candidate: unknown) =>
    typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate);
  if (!isMap(paths) && !isMap(webhooks) && !isMap(components?.schemas)) {
    throw new Error(`${url} has no paths, webhooks or schemas`);
  }
  return value;
}
