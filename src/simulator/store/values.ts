// Turns client-sent field values into stored values, rejecting what Salesforce rejects: wrong JSON
// types, malformed ids, unknown picklist values, text over its length, unparseable dates.
import { isIdLike, to18 } from '../data/ids';
import { formatDate, formatDateTime, parseDate, parseDateTime } from '../data/time';
import { SaveError } from './save-error';
import type { FieldDef } from './schema';

/** Text of a JSON scalar (objects and arrays as JSON). */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return value.toString();
  return JSON.stringify(value) ?? '';
}

function typeError(field: FieldDef, expected: string, value: unknown): SaveError {
  return new SaveError(
    'JSON_PARSER_ERROR',
    `Cannot deserialize instance of ${expected} from ${typeof value} value ${JSON.stringify(value)} or request may be missing a required field`,
    [field.name],
  );
}

export function coerceValue(field: FieldDef, value: unknown): unknown {
  if (value === null || value === '') {
    if (field.type === 'boolean') throw typeError(field, 'boolean', value);
    return null;
  }
  switch (field.type) {
    case 'boolean':
      if (typeof value !== 'boolean') throw typeError(field, 'boolean', value);
      return value;
    case 'int':
    case 'double':
    case 'currency':
    case 'percent': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw typeError(field, field.type, value);
      if (field.type === 'int' && !Number.isInteger(n)) throw typeError(field, 'int', value);
      return n;
    }
    case 'date': {
      const ms = typeof value === 'string' ? (parseDate(value) ?? parseDateTime(value)) : undefined;
      if (ms === undefined) throw invalidDate(field, value);
      return formatDate(ms);
    }
    case 'datetime': {
      const ms = typeof value === 'string' ? parseDateTime(value) : undefined;
      if (ms === undefined) throw invalidDate(field, value);
      return formatDateTime(ms);
    }
    case 'id':
    case 'reference': {
      const id = typeof value === 'string' && isIdLike(value) ? to18(value) : undefined;
      if (id === undefined) {
        throw new SaveError(
          'MALFORMED_ID',
          `${field.label}: id value of incorrect type: ${JSON.stringify(value)}`,
          [field.name],
        );
      }
      return id;
    }
    case 'picklist': {
      if (typeof value !== 'string') throw typeError(field, 'String', value);
      const match = field.picklist?.find((p) => p.toLowerCase() === value.toLowerCase());
      if (field.picklist && !match) {
        throw new SaveError(
          'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
          `${field.label}: bad value for restricted picklist field: ${value}`,
          [field.name],
        );
      }
      return match ?? value;
    }
    case 'string':
    case 'textarea': {
      if (typeof value === 'object') throw typeError(field, 'String', value);
      const text = scalarText(value);
      if (field.length !== undefined && text.length > field.length) {
        throw new SaveError(
          'STRING_TOO_LONG',
          `${field.label}: data value too large: ${text.slice(0, 40)} (max length=${field.length})`,
          [field.name],
        );
      }
      return text;
    }
  }
}

function invalidDate(field: FieldDef, value: unknown): SaveError {
  return new SaveError(
    'JSON_PARSER_ERROR',
    `Cannot deserialize value of type \`${field.type === 'date' ? 'java.util.Date' : 'java.util.Calendar'}\` from String ${JSON.stringify(value)}: not a valid representation`,
    [field.name],
  );
}
