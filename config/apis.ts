import { brand } from './brand';

/**
 * The APIs of the portal, one record each: everything else (the spec pipeline, generated pages and sidebars, the
 * single-page references, downloads, facts, exports, mocks, CSP, lint, tests) derives from this list. Adding an API
 * is one record here and its OpenAPI document: the API's landing and overview pages are written from the record's
 * prose, and the footer, the landing page's cards and quick start, the `/docs/` root and Start here list every API
 * of this list.
 */
export interface ApiRecord {
  /** Short name, used by samples, mocks and tests: `data`. */
  key: string;
  /** Document id: download and generated-file name (`/openapi/data-v4.json`). */
  id: string;
  /** Display name: `Data API`. */
  title: string;
  /** The vendored document, the embedded default (relative to the site). */
  vendored: string;
  /** Environment variable that may name a remote document to build from instead. */
  urlVariable: string;
  /** Folder of the API under `docs/` and its route under `/docs/`: `data-api`. */
  folder: string;
  /** Id of the overview page inside that folder (`/docs/data-api/data`). */
  overview: string;
  /**
   * The credential the API takes, and the environment variable every sample of the site (reference samples, guides,
   * the landing page, Markdown twins) reads it from.
   */
  credential: { kind: 'apiKey' | 'oauth2'; variable: string };
  /**
   * The environment variable every sample reads the API's base URL from; unset, the samples call the document's
   * first server (production). Pointing it at `npm run mock` runs them against the mock.
   */
  baseUrlVariable: string;
  /** The single-page reference. */
  reference: {
    route: string;
    title: string;
    description: string;
    /** Spec §1: a document loaded at runtime, from this variable or the site's own copy. */
    runtimeVariable?: string;
  };
  /**
   * The origins (`https://host[:port]`) of the provider's own servers for this API: the only places, with the local
   * mock, that Try it, the samples, the Postman collection and the CSP send a credential to. Left out, they are the
   * servers of the vendored document (`apiOrigins` in src/build/hosts.ts), so a remote or runtime document cannot add
   * a host of its own.
   */
  hosts?: readonly string[];
  /**
   * The origins (`https://host[:port]`) Try it's OAuth2 sign-in may open its authorization page on, where the reader
   * types their password (in a popup, or in the portal's own tab when popups are blocked). Left out, the API's own
   * hosts, as `hosts` gives them with its default (`signInOrigins` in src/build/hosts.ts). A document whose authorization
   * page is elsewhere, as a changed or hostile one could name a look-alike, gets no sign-in, only why; the local mock
   * signs in at its own server.
   */
  signInHosts?: readonly string[];
  /**
   * Schemas the API's documents are known to carry that are not its product, dropped when nothing uses them: a name
   * pattern (a regular expression's source) and what they are, for the build's log.
   */
  unusedSchemas?: { pattern: string; what: string };
  /**
   * The document's site-relative description links (`/getting-started/…`) are pages of this portal. Left out, they
   * are pages of the provider's own site, and lead there (the origin of the document's `externalDocs`, contact URL or
   * first server): a third-party document's `/bots#privacy` is not a page of ours.
   */
  portalLinks?: boolean;
  /** `npm run mock`'s port for this API, and the variable that changes it. */
  mock: { port: number; portVariable: string };
  /**
   * Prose of the API's two hand-made pages, `/docs/<folder>/` and the overview, which are written from one template
   * (src/build/pages/overview.ts); figures on them come from the document.
   */
  prose: {
    /** One sentence for the API's landing page: its meta description, and its entry on the `/docs/` root. */
    description: string;
    /** One line for the API's card on the site's landing page. */
    card: string;
    /** What the API covers, a paragraph of Markdown. */
    covers: string;
    /** Title of the overview page. */
    overviewTitle: string;
    /** The overview's opening paragraph. */
    intro: string;
    /** How lists page, above the paging table; its heading is the anchor guides link to. */
    paging: { heading: string; text: string };
  };
  /**
   * The landing page's quick start, on the first API that has one: a call (path and query, after the base URL) that
   * needs nothing but the credential, and what it does, completing "With an API key, this …".
   */
  quickStart?: { path: string; says: string };
}

const slug = brand.slug.toUpperCase();

/**
 * The provider's documents carry schemas of a container engine (volumes, plugins, swarm, images, containers) that are
 * not product behaviour (spec §3).
 */
export const containerEngineSchemas = {
  pattern: '^(Volume|Plugin|Swarm|Image|Container)(?![a-z])',
  what: 'container-engine',
} as const;

export const apis: readonly ApiRecord[] = [
  {
    key: 'data',
    id: 'data-v4',
    title: 'Data API',
    vendored: 'openapi/data-v4.yaml',
    urlVariable: 'DATA_API_SPEC_URL',
    folder: 'data-api',
    overview: 'data',
    credential: { kind: 'apiKey', variable: `${slug}_API_KEY` },
    baseUrlVariable: `${slug}_DATA_API_URL`,
    reference: {
      route: '/api/data',
      title: 'Data API reference',
      description: 'Every call of the Data API v4: read-only, authenticated with an API key.',
      runtimeVariable: 'DATA_API_RUNTIME_SPEC_URL',
    },
    unusedSchemas: containerEngineSchemas,
    portalLinks: true,
    mock: { port: 4010, portVariable: 'MOCK_DATA_PORT' },
    quickStart: { path: '/games?limit=5', says: "lists the platform's first five games" },
    prose: {
      description: "The Data API v4, read-only access to the platform's public data with an API key.",
      card: 'Read championships, tournaments, hubs, matches, players and teams with an API key.',
      covers:
        "The Data API (version 4) returns the platform's public data: championships, games, hubs, leaderboards, " +
        'leagues, matches, matchmakings, organizers, players, rankings, teams and tournaments, plus search across ' +
        'them. It is read-only: every call is a `GET`, and responses are JSON.',
      overviewTitle: 'Data API v4 reference',
      intro:
        "The Data API answers read-only calls about the platform's public data. This page has what every call " +
        'shares; each call also has a page of its own with its parameters, responses, code samples and a request ' +
        'explorer.',
      paging: {
        heading: 'Paging limits',
        text:
          'Lists answer with `start`, `end` and `items` and take `offset` (the position of the first entry) and ' +
          '`limit` (how many entries). The limits differ per call:',
      },
    },
  },
  {
    key: 'chat',
    id: 'chat-v1',
    title: 'Chat API',
    vendored: 'openapi/chat-v1.yaml',
    urlVariable: 'CHAT_API_SPEC_URL',
    folder: 'chat-api',
    overview: 'chat',
    credential: { kind: 'oauth2', variable: `${slug}_ACCESS_TOKEN` },
    baseUrlVariable: `${slug}_CHAT_API_URL`,
    reference: {
      route: '/api/chat',
      title: 'Chat API reference',
      description: 'Every call of the Chat API v1: chat rooms and messages, authenticated with an OAuth2 token.',
    },
    unusedSchemas: containerEngineSchemas,
    portalLinks: true,
    mock: { port: 4011, portVariable: 'MOCK_CHAT_PORT' },
    prose: {
      description: 'The Chat API v1, reading rooms and messages and posting messages with an OAuth2 token.',
      card: 'Read chat rooms and messages and post replies with a player’s OAuth2 token.',
      covers:
        "The Chat API (version 1) reads a chat room, with its members and roles, pages through the room's messages " +
        'and posts new messages. It acts for a player, so it needs an OAuth2 access token that the player granted.',
      overviewTitle: 'Chat API v1 reference',
      intro:
        'The Chat API reads a room, pages through its messages and posts messages, acting for the player who ' +
        'granted your application its access token.',
      paging: {
        heading: 'Paging through messages',
        text:
          'Messages come newest first. Pass the `timestamp` of the oldest message you received as the next ' +
          '`before`, until `is_last_page` is true:',
      },
    },
  },
];

export function apiByKey(key: string): ApiRecord {
  const api = apis.find((candidate) => candidate.key === key);
  if (!api) throw new Error(`no API "${key}" in config/apis.ts (have: ${apis.map((item) => item.key).join(', ')})`);
  return api;
}

/** The mock's port for an API: its variable when set to a port number, otherwise the documented default. */
export function mockPort(api: ApiRecord, env: Record<string, string | undefined> = process.env): number {
  const raw = env[api.mock.portVariable];
  const port = Number(raw);
  return raw && Number.isInteger(port) && port > 0 && port < 65536 ? port : api.mock.port;
}
