import type { EntityField, EntityTypeSchema, FieldSchema, FieldValue } from './document.ts';

/** A field value parsed by its declared type, with a warning when the written value does not fit. */
export interface ParsedFieldValue {
  readonly value: FieldValue;
  readonly warning: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** `Date.parse` rolls 2025-02-30 over to March; a real date must name a day its month has. */
const isCalendarDate = (value: string): boolean => {
  if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** Lists may be written as a YAML list, a JSON array string or a comma-separated string. */
export function parseListValue(raw: unknown): string[] {
  if (raw === null || raw === undefined) return [];
  if (Array.isArray(raw)) return raw.map((item) => String(item).trim()).filter(Boolean);
  const text = raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map((item) => String(item).trim()).filter(Boolean);
    } catch {
      // not JSON after all: fall through to the comma list
    }
  }
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const scalar = (raw: unknown): string | null => {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Date) return raw.toISOString().slice(0, 10);
  const text = String(raw).trim();
  return text === '' ? null : text;
};

/** Reads one written value according to the field's declared type. */
export function parseFieldValue(field: FieldSchema, raw: unknown): ParsedFieldValue {
  switch (field.type) {
    case 'text_list':
    case 'entity_ref_list': {
      const list = parseListValue(raw);
      return { value: list.length ? list : null, warning: null };
    }
    case 'computed':
      return { value: field.query ?? null, warning: null };
    default: {
      if (Array.isArray(raw)) {
        return {
          value: scalar(raw.join(', ')),
          warning: `${field.name}: expected one value, got a list`,
        };
      }
      const value = scalar(raw);
      if (value === null) return { value, warning: null };
      if (field.type === 'email' && !EMAIL.test(value)) {
        return {
          value,
          warning: `${field.name}: expected an e-mail address, got ${JSON.stringify(value)}`,
        };
      }
      if (field.type === 'date' && !isCalendarDate(value)) {
        return {
          value,
          warning: `${field.name}: expected a date (YYYY-MM-DD), got ${JSON.stringify(value)}`,
        };
      }
      if (field.type === 'select' && field.options && !field.options.includes(value)) {
        return {
          value,
          warning: `${field.name}: expected one of ${field.options.join(', ')}, got ${JSON.stringify(value)}`,
        };
      }
      return { value, warning: null };
    }
  }
}

/** Reads every declared field of an entity record; fields the schema does not know are reported. */
export function parseEntityFields(
  schema: EntityTypeSchema,
  values: Readonly<Record<string, unknown>>,
  reserved: readonly string[] = [],
): { fields: EntityField[]; warnings: string[] } {
  const fields: EntityField[] = [];
  const warnings: string[] = [];
  for (const field of schema.fields) {
    const parsed = parseFieldValue(field, values[field.name]);
    fields.push({ name: field.name, type: field.type, value: parsed.value });
    if (parsed.warning) warnings.push(parsed.warning);
  }
  const known = new Set([...schema.fields.map((f) => f.name), ...reserved]);
  for (const name of Object.keys(values)) {
    if (!known.has(name)) warnings.push(`${name}: not a field of type ${schema.type}`);
  }
  return { fields, warnings };
}

/** Plain-text rendering of fields, used to make entities searchable. */
export function renderFieldsAsText(fields: readonly EntityField[]): string {
  return fields
    .filter((f) => f.type !== 'computed' && f.value !== null)
    .map((f) => `${f.name}: ${Array.isArray(f.value) ? f.value.join(', ') : f.value}`)
    .join('\n');
}
