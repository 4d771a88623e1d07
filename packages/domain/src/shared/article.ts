/**
 * "a" or "an" before a word of a generated sentence (`an ebook`, `a meal plan`), chosen by the sound the word starts
 * with. Covers the words the code base puts in sentences (product types, JSON value types, plain English nouns): a
 * vowel letter takes "an" except where it sounds like "y" or "w" (`a unit`, `a user`, `a euro`, `a one-pot meal`),
 * and a silent h takes "an" (`an hour`).
 */
const CONSONANT_SOUND_VOWELS = /^(uni(?![mn])|use|usu|uti|ura|uro|ute|eu|ewe|one\b|once)/;
const SILENT_H = /^(hour|honest|honou?r|heir)/;

export function withArticle(words: string): string {
  const start = words.trimStart().toLowerCase();
  const vowelSound = SILENT_H.test(start) || (/^[aeiou]/.test(start) && !CONSONANT_SOUND_VOWELS.test(start));
  return `${vowelSound ? 'an' : 'a'} ${words}`;
}
