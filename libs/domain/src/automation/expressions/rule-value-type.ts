/**
 * The types a rule expression reads and yields (issue 33 item 2, docs/decisions/054).
 * A `map` lists its fields: a record is a closed shape, so naming a field it does not
 * have is a compile error, as in the platform's rule editor.
 */
export type RuleValueType =
  | 'string'
  | 'int'
  | 'double'
  | 'bool'
  | 'timestamp'
  | 'null'
  | { list: RuleValueType }
  | { map: Record<string, RuleValueType> }
  | 'dyn';

/** Variables of one rule context, e.g. `{ record: {map:{...}}, previous: {map:{...}}, person: {map:{...}} }`. */
export type RuleVariables = Record<string, RuleValueType>;

/** `nil` is the platform's spelling of null (`update request set member = nil`, RECORDS.md §6): a constant every rule can read. */
export const NIL = 'nil';

/** How a type reads in a message: `string`, `list(int)`, `map{subject, status}`. */
export function describeRuleType(type: RuleValueType): string {
  if (typeof type === 'string') return type;
  if ('list' in type) return `list(${describeRuleType(type.list)})`;
  return `map{${Object.keys(type.map).join(', ')}}`;
}
