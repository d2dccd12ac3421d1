import { fromBinary } from '@bufbuild/protobuf';
import { DurationSchema, TimestampSchema, timestampDate } from '@bufbuild/protobuf/wkt';
import type { Type } from '@bufbuild/cel-spec/cel/expr/checked_pb.js';
import type { SimpleTest } from '@bufbuild/cel-spec/cel/expr/conformance/test/simple_pb.js';
import type { Value } from '@bufbuild/cel-spec/cel/expr/value_pb.js';
import { getConformanceSuite, type IncrementalTestSuite } from '@bufbuild/cel-spec/testdata/tests.js';
import type { RuleValueType, RuleVariables } from './rule-value-type.js';

/**
 * The CEL conformance cases (@bufbuild/cel-spec, cel-spec v0.25.1 testdata) for the part of
 * the language a rule may use, turned into what a rule gets: declared variables of rule
 * types and JSON-like bindings. Every section or case left out says why (issue 33 item 2).
 */
export const SKIPPED_SECTIONS: Record<string, string> = {
  bindings_ext: 'cel.bind() is an extension rules do not enable',
  block_ext: 'cel.block() is an extension rules do not enable',
  encoders_ext: 'base64 encoders are an extension rules do not enable',
  math_ext: 'math.* functions are an extension rules do not enable',
  optionals: 'optional values (?., [?], optional.of) are an extension rules do not enable',
  enums: 'protobuf enums: rules read records, not protobuf messages',
  proto2: 'protobuf messages: rules read records, not protobuf messages',
  proto2_ext: 'protobuf extensions: rules read records, not protobuf messages',
  proto3: 'protobuf messages: rules read records, not protobuf messages',
  wrappers: 'protobuf wrapper messages: rules read records, not protobuf messages',
  dynamic: 'protobuf messages, wrappers and google.protobuf.Value/Struct built in expressions',
  namespace: 'containers and qualified names: rules have no namespace',
  unknowns: 'partial evaluation with unknowns is not used',
  type_deductions: "the checker's deduced types for protobuf, wrapper and type-parameter cases (checked only, never evaluated)",
};

export const SKIPPED_GROUPS: Record<string, string> = {
  'comparisons/eq_wrapper': 'protobuf wrapper and message values',
  'fields/quoted_map_fields': "backtick-quoted field names (`a-b`): the parser of @bufbuild/cel 0.6.1 does not read them",
  'string_ext/format': "format() is left out of rules: it builds strings from any value, which the budget cannot size beforehand",
  'string_ext/format_errors': 'format() is left out of rules',
  'string_ext/quote': 'strings.quote() is left out of rules',
  'fields/qualified_identifier_resolution': 'dotted variable names resolved through containers',
  'macros2/transformList': 'two-variable comprehensions (cel.expr extension) are not enabled',
  'macros2/transformMap': 'two-variable comprehensions (cel.expr extension) are not enabled',
  'macros2/exists': 'two-variable forms of the macros (cel.expr extension) are not enabled',
  'macros2/all': 'two-variable forms of the macros (cel.expr extension) are not enabled',
  'macros2/existsOne': 'two-variable forms of the macros (cel.expr extension) are not enabled',
};

export interface ConformanceCase {
  readonly section: string;
  readonly name: string;
  readonly expr: string;
  readonly variables: RuleVariables;
  readonly bindings: Record<string, unknown>;
  readonly checked: boolean;
  readonly expected: { value: unknown; type: RuleValueType | undefined } | { error: true } | { checkOnly: true };
}

export interface ConformanceSelection {
  cases: ConformanceCase[];
  skippedSections: string[];
  /** Cases of run sections left out, by reason. */
  skippedCases: Map<string, string[]>;
}

export function selectConformanceCases(): ConformanceSelection {
  const suite = getConformanceSuite();
  const cases: ConformanceCase[] = [];
  const skippedSections: string[] = [];
  const skippedCases = new Map<string, string[]>();
  const skip = (reason: string, name: string) => skippedCases.set(reason, [...(skippedCases.get(reason) ?? []), name]);
  for (const section of suite.suites) {
    if (SKIPPED_SECTIONS[section.name]) {
      if (countTests(section) > 0) skippedSections.push(section.name);
      continue;
    }
    for (const group of section.suites) {
      const groupName = `${section.name}/${group.name}`;
      for (const test of allTests(group)) {
        const name = `${groupName}/${test.name}`;
        const groupReason = SKIPPED_GROUPS[groupName];
        if (groupReason) {
          skip(groupReason, name);
          continue;
        }
        const converted = convertCase(section.name, name, test.original);
        if (typeof converted === 'string') skip(converted, name);
        else cases.push(converted);
      }
    }
  }
  if (cases.length === 0) throw new Error('no conformance cases selected');
  return { cases, skippedSections, skippedCases };
}

function countTests(suite: IncrementalTestSuite): number {
  return suite.tests.length + suite.suites.reduce((sum, child) => sum + countTests(child), 0);
}

function allTests(suite: IncrementalTestSuite): IncrementalTestSuite['tests'] {
  return [...suite.tests, ...suite.suites.flatMap(allTests)];
}

class NotForRules extends Error {}

function convertCase(section: string, name: string, test: SimpleTest): ConformanceCase | string {
  if (test.container !== '') return 'a container for name resolution';
  if (test.disableMacros) return 'macros disabled (rules always have them)';
  if (/google\.protobuf\.|TestAllTypes/.test(test.expr)) return 'builds or names protobuf messages: rules read records, not protobuf messages';
  try {
    const variables: RuleVariables = {};
    for (const decl of test.typeEnv) {
      if (decl.declKind.case !== 'ident') throw new NotForRules('a declared function: rules cannot declare functions');
      variables[decl.name] = ruleType(decl.declKind.value.type);
    }
    const bindings: Record<string, unknown> = {};
    for (const [key, exprValue] of Object.entries(test.bindings)) {
      if (exprValue.kind.case !== 'value') throw new NotForRules('a binding that is an error or unknown');
      bindings[key] = bindingValue(exprValue.kind.value);
      variables[key] ??= inferredType(exprValue.kind.value);
    }
    return { section, name, expr: test.expr, variables, bindings, checked: !test.disableCheck, expected: expectation(test) };
  } catch (error) {
    if (error instanceof NotForRules) return error.message;
    throw error;
  }
}

function expectation(test: SimpleTest): ConformanceCase['expected'] {
  if (test.checkOnly) return { checkOnly: true };
  const matcher = test.resultMatcher;
  switch (matcher.case) {
    case 'value':
      return { value: jsonOf(matcher.value), type: valueType(matcher.value) };
    case 'typedResult':
      if (!matcher.value.result) return { checkOnly: true };
      return { value: jsonOf(matcher.value.result), type: valueType(matcher.value.result) };
    case 'evalError':
    case 'anyEvalErrors':
      return { error: true };
    case undefined:
      return { value: true, type: 'bool' };
    default:
      throw new NotForRules('unknowns: partial evaluation is not used');
  }
}

function ruleType(type: Type | undefined): RuleValueType {
  const kind = type?.typeKind;
  switch (kind?.case) {
    case 'primitive':
      switch (kind.value) {
        case 1: return 'bool';
        case 2: return 'int';
        case 4: return 'double';
        case 5: return 'string';
        default: throw new NotForRules('a uint or bytes variable: rule variables are JSON values');
      }
    case 'wellKnown':
      if (kind.value === 2) return 'timestamp';
      throw new NotForRules('a google.protobuf.Any or Duration variable');
    case 'listType':
      return { list: ruleType(kind.value.elemType) };
    case 'mapType':
    case 'dyn':
      return 'dyn';
    case 'null':
      return 'null';
    default:
      throw new NotForRules(`a ${kind?.case ?? 'missing'} variable type: rules read records, not protobuf messages`);
  }
}

function inferredType(value: Value): RuleValueType {
  switch (value.kind.case) {
    case 'int64Value': return 'int';
    case 'doubleValue': return 'double';
    case 'stringValue': return 'string';
    case 'boolValue': return 'bool';
    case 'nullValue': return 'null';
    default: return 'dyn';
  }
}

/** A binding as the runner passes one: JSON values, int64 as bigint so its precision survives. */
function bindingValue(value: Value): unknown {
  const kind = value.kind;
  switch (kind.case) {
    case 'nullValue': return null;
    case 'boolValue': case 'stringValue': case 'doubleValue': case 'int64Value': return kind.value;
    case 'listValue': return kind.value.values.map(bindingValue);
    case 'mapValue': {
      const object: Record<string, unknown> = {};
      for (const entry of kind.value.entries) {
        if (entry.key?.kind.case !== 'stringValue' || !entry.value) throw new NotForRules('a map binding with non-string keys');
        object[entry.key.kind.value] = bindingValue(entry.value);
      }
      return object;
    }
    default:
      throw new NotForRules(`a ${kind.case ?? 'missing'} binding: rule bindings are JSON values`);
  }
}

/** The JSON an expected CEL value becomes through CompiledExpression.evaluate. */
function jsonOf(value: Value): unknown {
  const kind = value.kind;
  switch (kind.case) {
    case 'nullValue': return null;
    case 'boolValue': case 'stringValue': return kind.value;
    case 'doubleValue':
      if (!Number.isFinite(kind.value)) throw new NotForRules('a NaN or infinite result, which JSON cannot hold');
      return kind.value;
    case 'int64Value': case 'uint64Value': return Number(kind.value);
    case 'bytesValue': return Buffer.from(kind.value).toString('base64');
    case 'typeValue': return kind.value;
    case 'listValue': return kind.value.values.map(jsonOf);
    case 'mapValue': {
      const object: Record<string, unknown> = {};
      for (const entry of kind.value.entries) object[String(entry.key ? jsonOf(entry.key) : '')] = entry.value ? jsonOf(entry.value) : null;
      return object;
    }
    case 'objectValue':
      return anyJson(kind.value.typeUrl, kind.value.value);
    default:
      throw new NotForRules(`a ${kind.case ?? 'missing'} result: rules give JSON values`);
  }
}

function anyJson(typeUrl: string, bytes: Uint8Array): unknown {
  const type = typeUrl.slice(typeUrl.lastIndexOf('/') + 1);
  if (type !== 'google.protobuf.Timestamp' && type !== 'google.protobuf.Duration') throw new NotForRules(`a ${type} result: rules read no protobuf messages`);
  if (type === 'google.protobuf.Duration') {
    const { seconds, nanos } = fromBinary(DurationSchema, bytes);
    const fraction = nanos === 0 ? '' : `.${String(Math.abs(nanos)).padStart(9, '0').replace(/0+$/, '')}`;
    return `${seconds < 0n || nanos < 0 ? '-' : ''}${seconds < 0n ? -seconds : seconds}${fraction}s`;
  }
  return timestampDate(fromBinary(TimestampSchema, bytes)).toISOString();
}

function valueType(value: Value): RuleValueType | undefined {
  switch (value.kind.case) {
    case 'int64Value': return 'int';
    case 'doubleValue': return 'double';
    case 'stringValue': return 'string';
    case 'boolValue': return 'bool';
    default: return undefined;
  }
}
