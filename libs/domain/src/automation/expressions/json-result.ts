import { type CelValue, isCelList, isCelMap, isCelType, isCelUint } from '@bufbuild/cel';
import { isReflectMessage } from '@bufbuild/protobuf/reflect';
import { type Duration, type Timestamp, timestampDate } from '@bufbuild/protobuf/wkt';
import { BoundExceeded, checkListSize } from './evaluation-budget.js';
import { EXPRESSION_LIMITS } from './expression-limits.js';

/**
 * An evaluation's value as plain JSON (the contract of CompiledExpression.evaluate): int to
 * number, timestamp to its ISO string, duration to its seconds form ("90s"), bytes to
 * base64, lists to arrays, maps to objects. Counts the items and characters it copies, so a
 * result made of shared sub-lists or one text many times (cheap in CEL) cannot become a huge
 * JSON value.
 */
export function toJsonResult(value: CelValue): unknown {
  let items = 0;
  let characters = 0;
  const countCharacters = (length: number): void => {
    characters += length;
    if (characters > EXPRESSION_LIMITS.maxResultCharacters) {
      throw new BoundExceeded(`the expression's value holds more than ${EXPRESSION_LIMITS.maxResultCharacters} characters of text`);
    }
  };
  const convert = (v: CelValue): unknown => {
    switch (typeof v) {
      case 'bigint':
        return Number(v);
      case 'number':
        if (!Number.isFinite(v)) throw new BoundExceeded(`the expression's value is ${v}, which JSON cannot hold`);
        return v;
      case 'string':
        if (v.length > EXPRESSION_LIMITS.maxStringLength) throw new BoundExceeded(`the expression's value is a string of ${v.length} characters; at most ${EXPRESSION_LIMITS.maxStringLength} are allowed`);
        countCharacters(v.length);
        return v;
      case 'boolean':
        return v;
    }
    if (v === null) return null;
    if (isCelUint(v)) return Number(v.value);
    if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
    if (isCelList(v)) {
      items += v.size;
      checkListSize(items);
      return Array.from(v, convert);
    }
    if (isCelMap(v)) {
      items += v.size;
      checkListSize(items);
      const object: Record<string, unknown> = {};
      for (const [key, item] of v) {
        const name = String(isCelUint(key) ? key.value : key);
        countCharacters(name.length);
        object[name] = convert(item);
      }
      return object;
    }
    if (isCelType(v)) return v.name;
    if (isReflectMessage(v)) {
      if (v.desc.typeName === 'google.protobuf.Timestamp') return timestampDate(v.message as Timestamp).toISOString();
      if (v.desc.typeName === 'google.protobuf.Duration') return durationText(v.message as Duration);
    }
    throw new BoundExceeded(`the expression's value (${String(v)}) cannot be turned into JSON`);
  };
  return convert(value);
}

/** google.protobuf.Duration's JSON form: "90s", "-1.5s". */
function durationText(duration: Duration): string {
  const negative = duration.seconds < 0n || duration.nanos < 0;
  const seconds = duration.seconds < 0n ? -duration.seconds : duration.seconds;
  const nanos = duration.nanos === 0 ? '' : `.${String(Math.abs(duration.nanos)).padStart(9, '0').replace(/0+$/, '')}`;
  return `${negative ? '-' : ''}${seconds}${nanos}s`;
}
