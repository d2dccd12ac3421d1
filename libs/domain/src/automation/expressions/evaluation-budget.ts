import { EXPRESSION_LIMITS } from './expression-limits.js';

/**
 * What one evaluation may still build, scan and iterate (issue 33 item 4). The library
 * calls our function overrides with no per-run context, and an evaluation is synchronous
 * from start to end, so the budget of the evaluation under way is held here and reset by
 * each one.
 */
interface EvaluationBudget {
  builtCharacters: number;
  scannedCharacters: number;
  regexCharacters: number;
  iterationSteps: number;
}

let current: EvaluationBudget = freshBudget();
let reached: BoundExceeded | undefined;

function freshBudget(): EvaluationBudget {
  return { builtCharacters: 0, scannedCharacters: 0, regexCharacters: 0, iterationSteps: 0 };
}

/** Starts the budget of one evaluation, with the steps it takes outside its macros already spent. */
export function startEvaluation(steps = 0): void {
  current = freshBudget();
  current.iterationSteps = steps;
  reached = undefined;
}

/** An evaluation bound was reached; its message is the run's error. */
export class BoundExceeded extends Error {}

/**
 * The first bound this evaluation reached. CEL's `&&` and `||` absorb an error when the
 * other side decides (`error && false` is false), so a stopped evaluation could still give
 * a value computed without the parts that were stopped: a reached bound fails the run anyway.
 */
export function boundReached(): BoundExceeded | undefined {
  return reached;
}

function stop(message: string): never {
  reached ??= new BoundExceeded(message);
  throw new BoundExceeded(message);
}

export function chargeBuilt(characters: number): void {
  if (characters > EXPRESSION_LIMITS.maxStringLength) {
    stop(`the expression built a string of ${characters} characters; at most ${EXPRESSION_LIMITS.maxStringLength} are allowed`);
  }
  current.builtCharacters += characters;
  if (current.builtCharacters > EXPRESSION_LIMITS.maxBuiltCharacters) {
    stop(`the expression built more than ${EXPRESSION_LIMITS.maxBuiltCharacters} characters of strings in one evaluation`);
  }
}

export function chargeScanned(characters: number): void {
  current.scannedCharacters += characters;
  if (current.scannedCharacters > EXPRESSION_LIMITS.maxScannedCharacters) {
    stop(`the expression read more than ${EXPRESSION_LIMITS.maxScannedCharacters} characters of text in one evaluation`);
  }
}

export function chargeRegex(characters: number): void {
  current.regexCharacters += characters;
  if (current.regexCharacters > EXPRESSION_LIMITS.maxRegexCharacters) {
    stop(`matches() read more than ${EXPRESSION_LIMITS.maxRegexCharacters} characters in one evaluation; test a shorter text or use contains()`);
  }
}

export function chargeIterations(items: number, stepsPerItem: number): void {
  current.iterationSteps += items * stepsPerItem;
  if (current.iterationSteps > EXPRESSION_LIMITS.maxIterationSteps) {
    stop(
      `the list macros of the expression would take more than ${EXPRESSION_LIMITS.maxIterationSteps} steps (${items} items here, ${stepsPerItem} steps each); test fewer items or a shorter condition`,
    );
  }
}

/** `in`, `==` and `+` on lists and maps handle them item by item: the same steps as a macro's. */
export function chargeItems(items: number): void {
  current.iterationSteps += items;
  if (current.iterationSteps > EXPRESSION_LIMITS.maxIterationSteps) {
    stop(`the expression would handle more than ${EXPRESSION_LIMITS.maxIterationSteps} items of lists and maps (comparing, joining, with its list macros) in one evaluation`);
  }
}

/** Steps left before the bound: how far it is worth counting a list's items. */
export function stepsLeft(): number {
  return EXPRESSION_LIMITS.maxIterationSteps - current.iterationSteps + 1;
}

export function checkListSize(items: number): void {
  if (items > EXPRESSION_LIMITS.maxListSize) {
    stop(`the expression built a list of ${items} items; at most ${EXPRESSION_LIMITS.maxListSize} are allowed`);
  }
}
