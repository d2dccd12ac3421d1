import type { RuleValueType } from './rule-value-type.js';

/**
 * Whether an evaluated JSON value fits the type the caller expects, for results the
 * checker could type only as dyn (`record.custom['flag']` as a condition).
 */
export function valueFits(value: unknown, type: RuleValueType): boolean {
  if (type === 'dyn') return true;
  if (value === null) return type !== 'bool';
  if (typeof type === 'object') {
    if ('list' in type) return Array.isArray(value) && value.every((item) => valueFits(item, type.list));
    return typeof value === 'object' && !Array.isArray(value);
  }
  switch (type) {
    case 'bool': return typeof value === 'boolean';
    case 'string': return typeof value === 'string';
    case 'int': return typeof value === 'number' && Number.isInteger(value);
    case 'double': return typeof value === 'number';
    case 'timestamp': return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'null': return false;
  }
}
