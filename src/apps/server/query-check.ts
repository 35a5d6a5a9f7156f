import { HttpError } from './http-error.ts';

/**
 * The query parameters each route takes, by Fastify URL (`/api/workspaces/:workspaceId/suggest`)
 * and method, read from the OpenAPI document: what is documented is what is accepted.
 */
export function documentedQueryParams(openapi: {
  readonly paths: Readonly<Record<string, unknown>>;
}): (method: string, url: string) => ReadonlySet<string> {
  const byRoute = new Map<string, Set<string>>();
  for (const [path, item] of Object.entries(openapi.paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, unknown>)) {
      const parameters = ((operation as { parameters?: unknown[] }).parameters ?? []) as Array<{
        in?: string;
        name?: string;
      }>;
      const names = parameters.filter((p) => p.in === 'query').map((p) => String(p.name));
      byRoute.set(`${method.toUpperCase()} ${path}`, new Set(names));
    }
  }
  return (method, url) =>
    byRoute.get(`${method} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`) ?? new Set();
}

/**
 * Refuses a query string the route cannot have meant: 400 `bad_url` for invalid percent-encoding
 * (the parser would pass it on undecoded), 400 `invalid_request` naming a parameter the route does
 * not take (as an unknown body field is). `rawUrl` is the request URL as sent.
 */
export function checkQuery(rawUrl: string, allowed: ReadonlySet<string>): void {
  const at = rawUrl.indexOf('?');
  if (at < 0) return;
  for (const pair of rawUrl.slice(at + 1).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    let name: string;
    try {
      name = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
      if (eq >= 0) decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    } catch {
      throw new HttpError(400, 'bad_url', 'the query string has invalid percent-encoding');
    }
    if (!allowed.has(name)) {
      const shown = name.length > 100 ? `${name.slice(0, 100)}…` : name;
      const takes = allowed.size > 0 ? `it takes ${[...allowed].join(', ')}` : 'it takes none';
      throw new HttpError(
        400,
        'invalid_request',
        `query ${JSON.stringify(shown)}: not a parameter of this route (${takes})`,
        { field: shown },
      );
    }
  }
}
