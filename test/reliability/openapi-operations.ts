import type { Json } from './api-sweep-fixture.ts';

/** One documented operation: a method on a path of the OpenAPI document. */
export interface Operation {
  readonly method: string;
  /** As documented: `/api/workspaces/{workspaceId}/chat`. */
  readonly path: string;
  /** `{name}` path parameters, in order. */
  readonly pathParams: readonly string[];
  /** Query parameters with their JSON schemas. */
  readonly queryParams: ReadonlyArray<{ readonly name: string; readonly schema: Json }>;
  /** The JSON schema of the body, when the operation takes one. */
  readonly bodySchema: Json | null;
  /** Documented statuses (`default` included when present). */
  readonly statuses: readonly string[];
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** Every operation of the document, read at run time so a new route is swept without a change here. */
export function operationsOf(openapi: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(openapi.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = (op.parameters ?? []) as Json[];
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name as string, schema: p.schema })),
        bodySchema: op.requestBody?.content?.['application/json']?.schema ?? null,
        statuses: Object.keys(op.responses ?? {}),
      });
    }
  }
  return out;
}

/** A small valid value of a JSON schema: required fields only, the first choice of every choice. */
export function exampleOf(schema: Json): unknown {
  if (!schema || typeof schema !== 'object') return {};
  const choice = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(choice) && choice.length > 0) return exampleOf(choice[0]);
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((name) => [name, exampleOf(properties[name])]));
    }
    case 'array':
      return [];
    case 'string':
      return 'What does the pump datasheet say?';
    case 'integer':
    case 'number':
      return Math.max(1, Number(schema.minimum ?? 1));
    case 'boolean':
      return false;
    default:
      return {};
  }
}

/** A valid query for the operation: a value for every parameter, from its schema. */
export function exampleQuery(op: Operation): Record<string, string> {
  return Object.fromEntries(
    op.queryParams.map(({ name, schema }) => {
      const value = exampleOf(schema);
      return [name, String(typeof value === 'object' ? 'pump' : value)];
    }),
  );
}

/** The URL path with each `{param}` replaced by its (encoded) value. */
export function fillPath(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? 'sweep-unknown-id'),
  );
}

/** The status each documented error code comes with. */
export function errorCodesOf(openapi: Json): ReadonlyMap<string, number> {
  const table = (openapi['x-error-codes'] ?? {}) as Record<string, { status: number }>;
  return new Map(Object.entries(table).map(([code, entry]) => [code, entry.status]));
}

/** What is wrong with an error answer, or null: `{error: {code, message, field?}}`, a documented code, its status. */
export function errorShapeProblem(
  status: number,
  text: string,
  codes: ReadonlyMap<string, number>,
): string | null {
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 120)}`;
  }
  if (typeof body !== 'object' || body === null || Object.keys(body).join() !== 'error')
    return `not {error}: ${text.slice(0, 120)}`;
  const error = body.error;
  const extra = Object.keys(error ?? {}).filter((k) => !['code', 'message', 'field'].includes(k));
  if (typeof error?.code !== 'string' || typeof error?.message !== 'string' || extra.length > 0)
    return `not {error: {code, message, field?}}: ${text.slice(0, 120)}`;
  const documented = codes.get(error.code);
  if (documented === undefined) return `code ${error.code} is not documented`;
  if (documented !== status)
    return `code ${error.code} documented as ${documented}, sent ${status}`;
  return null;
}
