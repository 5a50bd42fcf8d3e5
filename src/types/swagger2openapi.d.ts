/** The one function of swagger2openapi (7.x, which ships no types) that the document step calls. */
declare module 'swagger2openapi' {
  export function convertObj(
    swagger: Record<string, unknown>,
    options: Record<string, unknown>,
  ): Promise<{ openapi: Record<string, unknown>; patches?: number }>;
}
