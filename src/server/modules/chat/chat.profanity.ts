// The chat's profanity filter: obscenity's maintained English word list (with its recommended
// transformers for leetspeak, repeated letters and the like) finds words; each is masked with
// asterisks of the same length. CHAT_PROFANITY=off leaves messages as sent.
import {
  RegExpMatcher,
  TextCensor,
  asteriskCensorStrategy,
  englishDataset,
  englishRecommendedTransformers,
} from 'obscenity';

/** Masks profanity in a message. */
export interface ProfanityFilter {
  mask(text: string): string;
}

/** Leaves every message as sent. */
export const noFilter: ProfanityFilter = { mask: (text) => text };

/** The English word-list filter (built once: the matcher compiles the list). */
export function englishFilter(): ProfanityFilter {
  const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  const censor = new TextCensor().setStrategy(asteriskCensorStrategy());
  return {
    mask(text) {
      const matches = matcher.getAllMatches(text, true);
      return matches.length ? censor.applyTo(text, matches) : text;
    },
  };
}

let english: ProfanityFilter | null = null; // compiled on first use, shared by every app of the process

/** The filter CHAT_PROFANITY selects. */
export function profanityFilter(mode: 'mask' | 'off'): ProfanityFilter {
  if (mode === 'off') return noFilter;
  english ??= englishFilter();
  return english;
}
