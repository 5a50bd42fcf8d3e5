/** The part of the brand the tokens need; tests pass other brands to prove nothing is hard-coded. */
export interface BrandNames {
  name: string;
  slug: string;
}

/**
 * Doc files and front matter name the brand by token, so that routes such as `build-{product}-apps` follow the
 * brand constant instead of the file name: `{product}` is the slug (routes, field names) and `{Product}` the
 * display name (titles).
 */
export function applyBrandTokens(text: string, brand: BrandNames): string {
  return text.replaceAll('{product}', brand.slug).replaceAll('{Product}', brand.name);
}

/** Applies the brand tokens to every string value of a front matter object, recursively. */
export function brandFrontMatter<T>(value: T, brand: BrandNames): T {
  if (typeof value === 'string') {
    return applyBrandTokens(value, brand) as T;
  }
  if (Array.isArray(value)) {
    return value.map((item: unknown) => brandFrontMatter(item, brand)) as T;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, brandFrontMatter(item as unknown, brand)]),
    ) as T;
  }
  return value;
}
