/** Ids of the server-rendered reference's markup and styles, which the client reads back during hydration. */
export const staticMarkupIds = { html: 'redoc-static', css: 'redoc-static-css' } as const;
