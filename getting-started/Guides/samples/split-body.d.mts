// Types of split-body.mjs for the samples' test; readers run the plain JavaScript file.
export function splitBody(text: string, limit: number): string[];
