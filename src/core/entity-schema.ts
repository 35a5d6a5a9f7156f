import {
  type EntityTypeSchema,
  FIELD_TYPES,
  type FieldSchema,
  type FieldType,
} from './document.ts';

/** Result of reading an entity type declaration: the schema, or why it is unusable. */
export type EntitySchemaResult =
  | { readonly ok: true; readonly schema: EntityTypeSchema; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly error: string };

const isFieldType = (value: unknown): value is FieldType =>
  typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Turns a hand-written type declaration (parsed YAML) into a schema, naming each problem. */
export function parseEntityTypeSchema(input: unknown, fallbackType: string): EntitySchemaResult {
  if (!isRecord(input)) return { ok: false, error: 'expected a mapping with `type` and `fields`' };
  const type =
    typeof input.type === 'string' && input.type.trim() ? input.type.trim() : fallbackType;
  if (!isRecord(input.fields))
    return { ok: false, error: `type ${type}: expected \`fields\` to be a mapping` };
  const warnings: string[] = [];
  const fields: FieldSchema[] = [];
  for (const [name, spec] of Object.entries(input.fields)) {
    const declared = isRecord(spec) ? spec.type : spec;
    if (!isFieldType(declared)) {
      warnings.push(
        `type ${type}, field ${name}: unknown field type ${JSON.stringify(declared)} (expected one of ${FIELD_TYPES.join(', ')})`,
      );
      continue;
    }
    const field: FieldSchema = { name, type: declared };
    if (isRecord(spec)) {
      const options = Array.isArray(spec.options) ? spec.options.map(String) : undefined;
      const target = typeof spec.target === 'string' ? spec.target : undefined;
      const query = typeof spec.query === 'string' ? spec.query : undefined;
      if (declared === 'select' && !options)
        warnings.push(`type ${type}, field ${name}: select without options`);
      if (declared === 'computed' && !query)
        warnings.push(`type ${type}, field ${name}: computed without query`);
      fields.push({
        ...field,
        ...(options && { options }),
        ...(target && { target }),
        ...(query && { query }),
      });
    } else {
      fields.push(field);
    }
  }
  return { ok: true, schema: { type, fields }, warnings };
}
