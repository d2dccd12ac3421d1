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

function freshBudget(): EvaluationBudget {
  return { builtCharacters: 0, scannedCharacters: 0, regexCharacters: 0, iterationSteps: 0 };
}

export function startEvaluation(): void {
  current = freshBudget();
}

/** An evaluation bound was reached; its message is the run's error. */
export class BoundExceeded extends Error {}

export function chargeBuilt(characters: number): void {
  if (characters > EXPRESSION_LIMITS.maxStringLength) {
    throw new BoundExceeded(`the expression built a string of ${characters} characters; at most ${EXPRESSION_LIMITS.maxStringLength} are allowed`);
  }
  current.builtCharacters += characters;
  if (current.builtCharacters > EXPRESSION_LIMITS.maxBuiltCharacters) {
    throw new BoundExceeded(`the expression built more than ${EXPRESSION_LIMITS.maxBuiltCharacters} characters of strings in one evaluation`);
  }
}

export function chargeScanned(characters: number): void {
  current.scannedCharacters += characters;
  if (current.scannedCharacters > EXPRESSION_LIMITS.maxScannedCharacters) {
    throw new BoundExceeded(`the expression read more than ${EXPRESSION_LIMITS.maxScannedCharacters} characters of text in one evaluation`);
  }
}

export function chargeRegex(characters: number): void {
  current.regexCharacters += characters;
  if (current.regexCharacters > EXPRESSION_LIMITS.maxRegexCharacters) {
    throw new BoundExceeded(`matches() read more than ${EXPRESSION_LIMITS.maxRegexCharacters} characters in one evaluation; test a shorter text or use contains()`);
  }
}

export function chargeIterations(items: number, stepsPerItem: number): void {
  current.iterationSteps += items * stepsPerItem;
  if (current.iterationSteps > EXPRESSION_LIMITS.maxIterationSteps) {
    throw new BoundExceeded(
      `the list macros of the expression would take more than ${EXPRESSION_LIMITS.maxIterationSteps} steps (${items} items here, ${stepsPerItem} steps each); test fewer items or a shorter condition`,
    );
  }
}

export function checkListSize(items: number): void {
  if (items > EXPRESSION_LIMITS.maxListSize) {
    throw new BoundExceeded(`the expression built a list of ${items} items; at most ${EXPRESSION_LIMITS.maxListSize} are allowed`);
  }
}
