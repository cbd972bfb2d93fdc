import type { UnknownAction } from '@reduxjs/toolkit';
import { buildCreateApi, coreModule } from '@reduxjs/toolkit/query';
import { reactHooksModule } from '@reduxjs/toolkit/query/react';

/**
 * Where the app runs without a window: the server renderer (src/ssr/render.tsx). There the
 * query hooks start their requests while rendering, since effects never run on a server, and
 * the renderer waits for them before rendering again with the answers.
 */
const onServer = typeof window === 'undefined';

/** The action that hands the answers a server render fetched to the browser's store. */
export const SERVER_ANSWERS = 'ssr/serverAnswers';

/**
 * Each API slice's cache as the server render left it, keyed by reducer path: the parts RTK
 * Query takes in on rehydration (its queries, mutations and the tags the queries provide).
 */
export type ServerAnswers = Record<
  string,
  { queries: Record<string, unknown>; mutations: Record<string, unknown>; provided: unknown }
>;

export function serverAnswersArrived(answers: ServerAnswers): UnknownAction {
  return { type: SERVER_ANSWERS, payload: answers };
}

export const isServerAnswers = (
  action: UnknownAction,
): action is UnknownAction & { payload: ServerAnswers } => action.type === SERVER_ANSWERS;

/**
 * The answer of `endpointName` among the server's answers for the slice at `reducerPath`, with
 * when it arrived (ms since 1970); undefined when the page did not come with one.
 */
export function serverAnswer(
  answers: ServerAnswers,
  reducerPath: string,
  endpointName: string,
): { data: unknown; fulfilledTimeStamp: number } | undefined {
  for (const entry of Object.values(answers[reducerPath]?.queries ?? {})) {
    const query = entry as { endpointName?: unknown; status?: unknown; data?: unknown };
    const at = (entry as { fulfilledTimeStamp?: unknown }).fulfilledTimeStamp;
    if (query.endpointName === endpointName && query.status === 'fulfilled') {
      return { data: query.data, fulfilledTimeStamp: typeof at === 'number' ? at : Date.now() };
    }
  }
  return undefined;
}

const buildApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: onServer }),
);

/**
 * RTK Query's createApi for every service: the React hooks, plus the server render's answers
 * taken in on SERVER_ANSWERS (only fulfilled and failed queries are kept from them), so the
 * page hydrates with the data it was rendered with and asks for none of it again.
 */
export const createApi: typeof buildApi = (options) =>
  buildApi({
    extractRehydrationInfo(action, { reducerPath }) {
      if (action.type !== SERVER_ANSWERS) return undefined;
      const answers = (action as { payload?: ServerAnswers }).payload;
      return answers?.[reducerPath] as never;
    },
    ...options,
  });
