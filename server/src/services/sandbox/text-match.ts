/**
 * Matching a zero-shot label or query ("a red car", "person with umbrella") against what a
 * sample is known to contain: the phrase matches an object when it names it (one of its terms,
 * every word present), and every other word of the phrase that does not describe it (a colour it
 * lacks, an object that is not there) counts against the match. Linear in the text: labels are at
 * most 64 characters and 20 of them.
 */

/** Words that carry no meaning for matching ("a photo of a dog" is "dog"). */
const STOPWORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'in',
  'on',
  'at',
  'with',
  'and',
  'or',
  'some',
  'this',
  'that',
  'there',
  'is',
  'are',
  'photo',
  'picture',
  'image',
]);

/** "Cars" and "car" alike; irregular plurals ("people") are listed as terms instead. */
function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The meaningful words of a phrase: lower case, split on anything but letters and digits. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && !STOPWORDS.has(w))
    .map(singular);
}

export interface Vocabulary {
  /** The names of the thing, each as its words. */
  names: string[][];
  /** Every word that names or describes it. */
  known: Set<string>;
}

export function vocabulary(
  label: string,
  terms: readonly string[],
  attributes: readonly string[],
): Vocabulary {
  const names = [label, ...terms].map(words).filter((n) => n.length > 0);
  const known = new Set([...names.flat(), ...attributes.flatMap(words)]);
  return { names, known };
}

/**
 * How well a phrase's words fit: null when no name of the thing is in the phrase, otherwise the
 * number of the phrase's words that neither name nor describe it (0 is a full match).
 */
export function mismatch(phrase: readonly string[], vocab: Vocabulary): number | null {
  const present = new Set(phrase);
  const named = vocab.names.some((name) => name.every((w) => present.has(w)));
  if (!named) return null;
  let extra = 0;
  for (const word of present) if (!vocab.known.has(word)) extra++;
  return extra;
}
