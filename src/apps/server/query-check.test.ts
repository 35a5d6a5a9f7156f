import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './openapi.ts';
import { checkQuery, documentedQueryParams } from './query-check.ts';

const codeOf = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (error) {
    const { status, code, field } = error as { status: number; code: string; field?: string };
    return { status, code, ...(field !== undefined && { field }) };
  }
};

describe('documentedQueryParams', () => {
  const paramsOf = documentedQueryParams(buildOpenApi());

  it('reads the query parameters of a route from the OpenAPI document, by its Fastify URL', () => {
    expect([...paramsOf('GET', '/api/workspaces/:workspaceId/suggest')].sort()).toEqual([
      'limit',
      'q',
      'trigger',
    ]);
    expect([...paramsOf('GET', '/api/workspaces/:workspaceId/sessions')]).toEqual(['q', 'limit']);
    expect([...paramsOf('GET', '/api/workspaces/:workspaceId/sessions/:sessionId')]).toEqual([]);
    expect([...paramsOf('GET', '/not/documented')]).toEqual([]);
  });
});

describe('checkQuery', () => {
  const suggest = new Set(['q', 'trigger', 'limit']);

  it('lets documented parameters through, encoded or not, and a URL without a query', () => {
    expect(codeOf(() => checkQuery('/x?q=pump%20design&trigger=%5B%5B&limit=3', suggest))).toBe(
      null,
    );
    expect(codeOf(() => checkQuery('/x?q=a+b&', suggest))).toBe(null);
    expect(codeOf(() => checkQuery('/x', new Set()))).toBe(null);
    expect(codeOf(() => checkQuery('/x?', new Set()))).toBe(null);
  });

  it('refuses a parameter the route does not take, naming it', () => {
    expect(codeOf(() => checkQuery('/x?q=a&colour=red', suggest))).toEqual({
      status: 400,
      code: 'invalid_request',
      field: 'colour',
    });
    expect(codeOf(() => checkQuery('/x?cache=1', new Set()))).toEqual({
      status: 400,
      code: 'invalid_request',
      field: 'cache',
    });
  });

  it('refuses invalid percent-encoding in a name or a value as bad_url', () => {
    for (const url of ['/x?q=x%E0%A4%A', '/x?q=%', '/x?%ZZ=1', '/x?q=%C0%AF'])
      expect(
        codeOf(() => checkQuery(url, suggest)),
        url,
      ).toEqual({
        status: 400,
        code: 'bad_url',
      });
  });
});
