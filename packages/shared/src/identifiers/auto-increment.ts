import { textOf } from '../field-types/field-type';

/**
 * The next number (or letter) of a group (UniqueCombinationAutoIncrement, reference §7): the rule
 * the server applies on defaults and before a create, and the browser offline from its kept records.
 */

/** Letters as a bijective base-26 number, like spreadsheet columns: A=1 … Z=26, AA=27, AB=28 … */
export function lettersToNumber(letters: string): number {
  const upper = letters.toUpperCase();
  let total = 0;
  for (let i = 0; i < upper.length; i++) total = total * 26 + upper.charCodeAt(i) - 64;
  return total;
}

export function numberToLetters(value: number): string {
  let letters = '';
  for (let rest = value; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * The value after the largest one of the group. Numbers compare as numbers, also on string
 * columns holding digits ("10" after "9", not lexically); with the alphabet, letters compare by
 * length then alphabet, and Z is followed by AA. Values of the other kind are ignored.
 */
export function nextValue(values: readonly unknown[], useAlphabet: boolean): number | string {
  const texts = values.map((v) => textOf(v).trim());
  // A loop, not Math.max(...): a group without searchFields may hold more values than a call takes.
  const largest = (numbers: number[]) => numbers.reduce((max, n) => (n > max ? n : max), 0);
  if (useAlphabet) return numberToLetters(largest(texts.filter((t) => /^[A-Za-z]+$/.test(t)).map(lettersToNumber)) + 1);
  return largest(texts.filter((t) => /^\d+$/.test(t)).map(Number)) + 1;
}
