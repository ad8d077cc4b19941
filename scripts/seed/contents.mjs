// What each demo souvenir contains, as its seller would tick it on /sell: every listing declares its
// contents, "none" being the common answer. Keyed by title; a title not listed here contains none of the kinds.
const FOOD = [
  'Uji Matcha Ceremonial Grade',
  'Fleur de Sel de Guérande',
  'Aged Balsamic Vinegar of Modena',
  'Thai Curry Paste Trio',
  'Ras el Hanout Spice Tin',
  'Peruvian Cacao Nibs',
  'Darjeeling First Flush Tea',
  'Pistachio Turkish Delight Box',
  'Cretan Olive Oil Tin',
  'Kenyan AA Coffee Beans',
];
const WOOD = [
  'Kyoto Raku Tea Bowl',
  'Bo Sang Paper Umbrella',
  'Retablo Ayacuchano Box',
  'Oaxacan Alebrije Jaguar',
  'Carved Wooden Giraffe Pair',
  'Lacquerware Jewellery Box',
];

const CONTENTS_BY_TITLE = new Map([
  ...FOOD.map((title) => [title, ['food']]),
  ...WOOD.map((title) => [title, ['wood']]),
  ['Port Wine Tawny 10 Years', ['alcohol']],
  ['Florentine Leather Wallet', ['leather-or-reptile-skin']],
  ['Leather Babouche Slippers', ['leather-or-reptile-skin']],
  ['Provence Lavender Sachets (Set of 6)', ['plant-or-seeds']],
]);

/** The contents a demo listing declares. */
export function contentsOf(title) {
  return CONTENTS_BY_TITLE.get(title) ?? ['none'];
}
