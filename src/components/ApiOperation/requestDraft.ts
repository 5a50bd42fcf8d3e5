import { createContext, useContext } from 'react';
import type { ParameterValues, RequestInput } from '@site/src/core/openapi/request';

/**
 * The request the reader is building in the explorer, shared with the samples beside it, so each language shows
 * the request that would be sent: the same values, body and server.
 */
export interface RequestDraft {
  serverUrl: string;
  values: ParameterValues;
  body?: RequestInput['body'];
}

export interface RequestDraftSlot {
  draft: RequestDraft | undefined;
  setDraft: (draft: RequestDraft) => void;
}

export const RequestDraftContext = createContext<RequestDraftSlot | undefined>(undefined);

/** Where the explorer publishes what the reader typed; a no-op outside a call's reference. */
export function usePublishDraft(): (draft: RequestDraft) => void {
  return useContext(RequestDraftContext)?.setDraft ?? ignore;
}

function ignore(): void {}
