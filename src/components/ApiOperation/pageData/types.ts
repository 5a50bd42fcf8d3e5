import type { ReferencePageData } from '@site/src/core/openapi/pageData';

/** A page's data as read: the file's text (written back into the page as it is) and its value. */
export interface PageDataRead {
  text: string;
  data: ReferencePageData;
}
