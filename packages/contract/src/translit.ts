// Russian → Latin transliteration, one table for the whole shop: the seed builds URL slugs with it ('Лада
// Гранта' → 'lada-granta') and search matches Cyrillic-typed brands against Latin vehicle titles ('лада веста').

const TRANSLIT: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** Lower-case Russian letters to Latin ('щётка' → 'shchetka'); every other character is kept as it is. */
export function transliterate(text: string): string {
  let out = '';
  for (const ch of text) out += TRANSLIT[ch] ?? ch;
  return out;
}
