// Demo sellers and souvenirs for `npm run seed` (see docs/demo-data.md). Plain data: no imports.

/** Demo accounts. Everyone shares one password so the demo is easy to try. */
export const DEMO_PASSWORD = 'souvenir123';

export const SELLERS = [
  { username: 'yuki', firstName: 'Yuki', lastName: 'Tanaka', email: 'yuki@demo.souvenir.example', location: 'United States' },
  { username: 'marco', firstName: 'Marco', lastName: 'Rossi', email: 'marco@demo.souvenir.example', location: 'United Kingdom' },
  { username: 'amara', firstName: 'Amara', lastName: 'Okafor', email: 'amara@demo.souvenir.example', location: 'Canada' },
  { username: 'sofia', firstName: 'Sofía', lastName: 'Herrera', email: 'sofia@demo.souvenir.example', location: 'Australia' },
  { username: 'lea', firstName: 'Léa', lastName: 'Martin', email: 'lea@demo.souvenir.example', location: 'United States' },
];

/** The demo support account (decides buyers' claims at /support); given the role by scripts/support-grant.mjs. */
export const SUPPORT_ACCOUNT = {
  username: 'support', firstName: 'Sam', lastName: 'Support', email: 'support@demo.souvenir.example', location: 'United States',
};

/**
 * Each souvenir: [title, description, price, originalPrice | null, condition, category, country, customs verified, motif, seller].
 * The motif picks the drawing of its generated image (scripts/seed/images.mjs); the country picks its colours.
 */
export const PRODUCTS = [
  // Japan
  ['Kyoto Raku Tea Bowl', 'Hand-thrown raku chawan from a family kiln in Kyoto, with a crackled amber glaze. Bought at the Gojozaka pottery festival; comes in its signed wooden box.', 68, 85, 'new', 'Art & Crafts', 'Japan', true, 'bowl', 'yuki'],
  ['Indigo Furoshiki Wrapping Cloth', 'Cotton furoshiki dyed with natural indigo in Tokushima, printed with a wave pattern. Use it to wrap gifts, as a scarf or as a wall hanging.', 24, null, 'new', 'Textiles', 'Japan', true, 'cloth', 'yuki'],
  ['Maneki-neko Lucky Cat', 'Classic porcelain beckoning cat from Tokoname, raised left paw to invite customers and friends. About 15 cm tall.', 32, null, 'like-new', 'Collectibles', 'Japan', false, 'figurine', 'yuki'],
  ['Uji Matcha Ceremonial Grade', 'Two sealed 40 g tins of ceremonial-grade matcha from Uji, stone-ground. Best before date over a year away.', 38, null, 'new', 'Food & Drinks', 'Japan', true, 'tin', 'yuki'],
  ['Vintage Silk Haori Jacket', 'Short silk haori from the 1970s found in a Kyoto antique market, with a crane lining. Fits like a relaxed medium.', 95, 140, 'good', 'Clothing', 'Japan', false, 'garment', 'yuki'],
  ['Arita Porcelain Sake Set', 'Blue-and-white Arita-yaki sake flask with two cups, painted by hand with plum blossoms.', 54, null, 'new', 'Home Decor', 'Japan', true, 'bottle', 'yuki'],
  // France
  ['Provence Lavender Sachets (Set of 6)', 'Linen pouches filled with dried lavender harvested near Valensole. Lovely in wardrobes and drawers.', 18, null, 'new', 'Home Decor', 'France', true, 'sachet', 'lea'],
  ['Breton Striped Marinière', 'The real navy-and-white striped cotton shirt from a workshop in Brittany. Size M, worn once.', 45, 62, 'like-new', 'Clothing', 'France', false, 'garment', 'lea'],
  ['Limoges Porcelain Trinket Box', 'Hand-painted Limoges box shaped like a tiny Eiffel Tower souvenir shop, with a hidden clasp. Numbered edition.', 79, null, 'new', 'Collectibles', 'France', true, 'box', 'lea'],
  ['Fleur de Sel de Guérande', 'Hand-harvested flaky sea salt from the Guérande marshes in a cork-stoppered clay pot, 250 g.', 14, null, 'new', 'Food & Drinks', 'France', true, 'jar', 'lea'],
  ['Montmartre Watercolour Print', 'Signed watercolour of the Sacré-Cœur steps by a painter from the Place du Tertre, 30 × 40 cm, unframed.', 60, null, 'new', 'Art & Crafts', 'France', false, 'frame', 'lea'],
  ['Toile de Jouy Cushion Cover', 'Cotton cushion cover with the classic pastoral toile print in rose red, 45 × 45 cm, hidden zip.', 29, 35, 'new', 'Textiles', 'France', true, 'cushion', 'lea'],
  // Italy
  ['Murano Glass Pendant', 'Hand-blown millefiori glass pendant from a Murano furnace, on a sterling silver chain. Certificate of origin included.', 58, 75, 'new', 'Jewelry', 'Italy', true, 'pendant', 'marco'],
  ['Amalfi Lemon Ceramic Plate', 'Hand-painted maiolica plate from Vietri sul Mare with bright lemons and leaves, 28 cm, food safe.', 42, null, 'new', 'Home Decor', 'Italy', true, 'plate', 'marco'],
  ['Venetian Carnival Mask', 'Papier-mâché Colombina mask decorated with gold leaf and music-sheet collage, made in a Dorsoduro workshop.', 65, null, 'like-new', 'Art & Crafts', 'Italy', false, 'mask', 'marco'],
  ['Florentine Leather Wallet', 'Vegetable-tanned leather wallet from a bottega near Santa Croce, hand-stitched, eight card slots.', 49, 70, 'new', 'Clothing', 'Italy', true, 'wallet', 'marco'],
  ['Aged Balsamic Vinegar of Modena', 'Traditional balsamic vinegar aged 12 years, 100 ml bottle sealed with the consortium stamp.', 55, null, 'new', 'Food & Drinks', 'Italy', true, 'bottle', 'marco'],
  ['Vintage Vespa Tin Model', 'Tin-plate Vespa 150 model from a Rome flea market, pale mint green, about 18 cm long. Light wear on the seat.', 36, null, 'good', 'Collectibles', 'Italy', false, 'scooter', 'marco'],
  // Thailand
  ['Hand-Woven Thai Silk Scarf', 'Shimmering silk scarf woven on a wooden loom in Surin province, teal shot with gold. 180 × 50 cm.', 39, 55, 'new', 'Textiles', 'Thailand', true, 'scarf', 'yuki'],
  ['Celadon Elephant Figurine', 'Jade-green celadon elephant from a Chiang Mai kiln with a crackle glaze. A symbol of good fortune.', 27, null, 'new', 'Collectibles', 'Thailand', true, 'elephant', 'yuki'],
  ['Bo Sang Paper Umbrella', 'Hand-painted sa paper parasol from Bo Sang village with a lotus design, bamboo frame, 80 cm wide.', 33, null, 'like-new', 'Art & Crafts', 'Thailand', false, 'umbrella', 'yuki'],
  ['Thai Curry Paste Trio', 'Red, green and massaman curry pastes from a Bangkok market stall, vacuum sealed, 3 × 100 g.', 16, null, 'new', 'Food & Drinks', 'Thailand', true, 'jar', 'yuki'],
  ['Silver Hill-Tribe Bracelet', 'Hammered fine-silver cuff made by Karen silversmiths near Chiang Rai, engraved with leaf patterns.', 48, null, 'new', 'Jewelry', 'Thailand', true, 'bracelet', 'yuki'],
  // Morocco
  ['Beni Ourain Wool Rug', 'Small hand-knotted Beni Ourain rug, undyed wool with a charcoal diamond lattice, 90 × 60 cm. Shipped rolled.', 180, 240, 'new', 'Home Decor', 'Morocco', true, 'rug', 'amara'],
  ['Tadelakt Soap Dish', 'Polished tadelakt plaster soap dish in terracotta from Marrakech, naturally waterproof.', 19, null, 'new', 'Home Decor', 'Morocco', false, 'bowl', 'amara'],
  ['Fez Brass Lantern', 'Pierced brass lantern from the Fez medina that throws star patterns across the room. 35 cm tall, E14 fitting.', 74, 95, 'like-new', 'Home Decor', 'Morocco', true, 'lantern', 'amara'],
  ['Berber Silver Hand of Fatima', 'Silver khamsa pendant with an enamel eye, from a jeweller in the Essaouira souk. Chain included.', 44, null, 'new', 'Jewelry', 'Morocco', true, 'hand', 'amara'],
  ['Ras el Hanout Spice Tin', 'A 27-spice ras el hanout blend mixed to order at a Marrakech spice stall, 150 g in a painted tin.', 15, null, 'new', 'Food & Drinks', 'Morocco', true, 'tin', 'amara'],
  ['Leather Babouche Slippers', 'Saffron-yellow pointed babouches in soft goat leather, handmade in Fez. EU size 40.', 35, null, 'new', 'Clothing', 'Morocco', false, 'slipper', 'amara'],
  // Peru
  ['Alpaca Wool Poncho', 'Warm baby-alpaca poncho woven in Cusco with Andean geometric bands. One size, very soft.', 89, 120, 'new', 'Clothing', 'Peru', true, 'garment', 'sofia'],
  ['Chullo Knitted Hat', 'Traditional chullo with ear flaps and tassels, knitted by a cooperative on Taquile Island.', 26, null, 'new', 'Clothing', 'Peru', true, 'hat', 'sofia'],
  ['Retablo Ayacuchano Box', 'Painted wooden retablo from Ayacucho with a tiny market scene behind two doors. A folk-art treasure.', 64, null, 'like-new', 'Art & Crafts', 'Peru', false, 'box', 'sofia'],
  ['Toro de Pucará Ceramic Bull', 'Pair of glazed ceramic bulls from Pucará, placed on rooftops in the Andes for protection and luck.', 38, null, 'new', 'Collectibles', 'Peru', true, 'bull', 'sofia'],
  ['Peruvian Cacao Nibs', 'Organic Chuncho cacao nibs from the Urubamba valley, 200 g, sealed. Great on yoghurt.', 12, null, 'new', 'Food & Drinks', 'Peru', true, 'jar', 'sofia'],
  // Mexico
  ['Talavera Pottery Vase', 'Hand-painted Talavera vase from Puebla in cobalt blue and yellow, 22 cm, certified D.O.4.', 72, 90, 'new', 'Home Decor', 'Mexico', true, 'vase', 'sofia'],
  ['Oaxacan Alebrije Jaguar', 'Carved copal-wood alebrije jaguar painted with dozens of tiny patterns by a San Martín Tilcajete family.', 85, null, 'new', 'Art & Crafts', 'Mexico', true, 'figurine', 'sofia'],
  ['Embroidered Huipil Blouse', 'Cotton huipil from Chiapas with a hand-embroidered floral yoke in red and green. Size S–M.', 58, null, 'like-new', 'Clothing', 'Mexico', false, 'garment', 'sofia'],
  ['Taxco Silver Hoop Earrings', 'Sterling silver hoops from Taxco, stamped .925, with a twisted rope finish.', 46, 60, 'new', 'Jewelry', 'Mexico', true, 'earrings', 'sofia'],
  ['Day of the Dead Sugar Skull Ornament', 'Hand-painted ceramic calavera ornament inspired by the sugar skulls of Día de Muertos in Oaxaca.', 17, null, 'new', 'Collectibles', 'Mexico', true, 'skull', 'sofia'],
  // India
  ['Block-Printed Cotton Quilt', 'Jaipur razai quilt hand block-printed with indigo florals, filled with light cotton. Single size.', 95, 130, 'new', 'Textiles', 'India', true, 'quilt', 'lea'],
  ['Darjeeling First Flush Tea', 'Loose-leaf first flush Darjeeling from a Kurseong estate, 100 g in a hand-painted tin.', 22, null, 'new', 'Food & Drinks', 'India', true, 'tin', 'lea'],
  ['Kundan Jhumka Earrings', 'Gold-plated kundan jhumkas with tiny pearls, bought in the Johari Bazaar in Jaipur.', 39, null, 'new', 'Jewelry', 'India', false, 'earrings', 'lea'],
  ['Brass Ganesha Statue', 'Solid brass Ganesha from Moradabad with a warm antique patina, 12 cm tall.', 47, null, 'good', 'Collectibles', 'India', true, 'figurine', 'lea'],
  ['Pashmina Shawl from Srinagar', 'Fine pashmina shawl woven in Srinagar with sozni embroidery along the edges, rose pink.', 140, 190, 'new', 'Clothing', 'India', true, 'scarf', 'lea'],
  // Turkey
  ['Iznik Tulip Tile', 'Hand-painted Iznik-style ceramic tile with tulips and carnations, 20 × 20 cm, ready to hang.', 34, null, 'new', 'Art & Crafts', 'Turkey', true, 'tile', 'amara'],
  ['Turkish Copper Coffee Pot', 'Hammered copper cezve with a brass handle from the Grand Bazaar, tinned inside, for two cups.', 28, null, 'new', 'Home Decor', 'Turkey', true, 'pot', 'amara'],
  ['Evil Eye Nazar Bracelet', 'Glass nazar beads strung on an adjustable silver-tone chain, made in Izmir.', 13, null, 'new', 'Jewelry', 'Turkey', false, 'bracelet', 'amara'],
  ['Pistachio Turkish Delight Box', 'One kilo of rose and pistachio lokum from a century-old Istanbul confectioner, sealed box.', 21, null, 'new', 'Food & Drinks', 'Turkey', true, 'box', 'amara'],
  ['Mosaic Glass Table Lamp', 'Turkish mosaic lamp with hundreds of hand-set glass chips in turquoise and amber, 30 cm tall.', 62, 80, 'like-new', 'Home Decor', 'Turkey', true, 'lantern', 'amara'],
  // Greece
  ['Santorini Blue Dome Ceramic', 'Small ceramic model of a whitewashed Oia chapel with its blue dome, made on the island.', 23, null, 'new', 'Collectibles', 'Greece', true, 'house', 'marco'],
  ['Cretan Olive Oil Tin', 'One litre of early-harvest extra virgin olive oil from Koroneiki olives near Chania.', 26, null, 'new', 'Food & Drinks', 'Greece', true, 'tin', 'marco'],
  ['Greek Key Gold Ring', 'Gold-plated sterling silver band engraved with the meander pattern, made in Athens. Size 7.', 52, null, 'new', 'Jewelry', 'Greece', true, 'ring', 'marco'],
  ['Komboloi Worry Beads', 'Amber-resin komboloi with a silk tassel from a little shop in Plaka. Clicks beautifully.', 19, null, 'like-new', 'Collectibles', 'Greece', false, 'beads', 'marco'],
  // Kenya
  ['Maasai Beaded Collar Necklace', 'Wide beaded collar necklace made by Maasai women in Narok, in red, blue and white glass beads.', 42, null, 'new', 'Jewelry', 'Kenya', true, 'necklace', 'amara'],
  ['Kisii Soapstone Bowl', 'Carved Kisii soapstone bowl with an etched star pattern, 15 cm, pale pink stone.', 24, null, 'new', 'Home Decor', 'Kenya', true, 'bowl', 'amara'],
  ['Kikoy Beach Wrap', 'Striped cotton kikoy with fringed ends, woven on the coast near Lamu. Works as a towel, sarong or throw.', 22, 30, 'new', 'Textiles', 'Kenya', false, 'cloth', 'amara'],
  ['Kenyan AA Coffee Beans', 'Whole-bean AA coffee from Nyeri, roasted in Nairobi a week before the flight, 500 g valve bag.', 19, null, 'new', 'Food & Drinks', 'Kenya', true, 'beans', 'amara'],
  ['Carved Wooden Giraffe Pair', 'Two jacaranda-wood giraffes, 40 and 30 cm tall, carved and polished in Mombasa.', 58, null, 'good', 'Art & Crafts', 'Kenya', false, 'giraffe', 'amara'],
  // Vietnam
  ['Hoi An Silk Lantern', 'Collapsible silk lantern from Hoi An in deep red with a bamboo frame. Folds flat for travel.', 18, null, 'new', 'Home Decor', 'Vietnam', true, 'lantern', 'yuki'],
  ['Lacquerware Jewellery Box', 'Eggshell-inlaid lacquer box from Hanoi with a crane design, velvet lined, 15 × 10 cm.', 36, 48, 'new', 'Art & Crafts', 'Vietnam', true, 'box', 'yuki'],
  ['Nón Lá Conical Hat', 'Palm-leaf conical hat from Hue with a hidden poem visible against the light.', 15, null, 'like-new', 'Clothing', 'Vietnam', false, 'conehat', 'yuki'],
  // Portugal
  ['Barcelos Rooster Figurine', 'Painted ceramic Galo de Barcelos, the cheerful symbol of Portugal, 20 cm.', 21, null, 'new', 'Collectibles', 'Portugal', true, 'rooster', 'marco'],
  ['Azulejo Coaster Set', 'Four cork-backed azulejo coasters hand-painted in Lisbon in blue and white.', 27, null, 'new', 'Home Decor', 'Portugal', true, 'tile', 'marco'],
  ['Port Wine Tawny 10 Years', 'A 50 cl bottle of 10-year-old tawny port from a Vila Nova de Gaia lodge, sealed, bought at the cellar.', 34, null, 'new', 'Food & Drinks', 'Portugal', true, 'bottle', 'marco'],
  // Egypt
  ['Papyrus Painting of Nefertiti', 'Genuine papyrus painting of Queen Nefertiti from a Giza papyrus institute, 30 × 40 cm.', 29, null, 'new', 'Art & Crafts', 'Egypt', false, 'frame', 'lea'],
  ['Alabaster Scarab', 'Hand-carved alabaster scarab beetle from Luxor, a traditional amulet of renewal.', 16, null, 'good', 'Collectibles', 'Egypt', true, 'scarab', 'lea'],
  ['Egyptian Cotton Kaftan', 'Long kaftan in fine Egyptian cotton with embroidered neckline, bought in Khan el-Khalili.', 54, 70, 'new', 'Clothing', 'Egypt', true, 'garment', 'lea'],
];

/** Colours and a background pattern per country. */
export const PALETTES = {
  Japan: { bg: ['#FCE4EC', '#F8BBD0'], main: '#C62828', accent: '#283593', pattern: 'waves' },
  France: { bg: ['#EDE7F6', '#D1C4E9'], main: '#5E35B1', accent: '#1E3A8A', pattern: 'stripes' },
  Italy: { bg: ['#FFF8E1', '#FFE082'], main: '#2E7D32', accent: '#C62828', pattern: 'dots' },
  Thailand: { bg: ['#E0F2F1', '#80CBC4'], main: '#00695C', accent: '#F9A825', pattern: 'diamonds' },
  Morocco: { bg: ['#FBE9E7', '#FFAB91'], main: '#BF360C', accent: '#1565C0', pattern: 'stars' },
  Peru: { bg: ['#FFF3E0', '#FFCC80'], main: '#D84315', accent: '#6A1B9A', pattern: 'zigzag' },
  Mexico: { bg: ['#FCE4EC', '#F48FB1'], main: '#AD1457', accent: '#00838F', pattern: 'dots' },
  India: { bg: ['#FFF8E1', '#FFD54F'], main: '#E65100', accent: '#AD1457', pattern: 'diamonds' },
  Turkey: { bg: ['#E0F7FA', '#80DEEA'], main: '#00838F', accent: '#C62828', pattern: 'stars' },
  Greece: { bg: ['#E3F2FD', '#90CAF9'], main: '#1565C0', accent: '#FFFFFF', pattern: 'waves' },
  Kenya: { bg: ['#FFF3E0', '#FFB74D'], main: '#B71C1C', accent: '#1B5E20', pattern: 'zigzag' },
  Vietnam: { bg: ['#FFEBEE', '#EF9A9A'], main: '#B71C1C', accent: '#F9A825', pattern: 'waves' },
  Portugal: { bg: ['#E8EAF6', '#9FA8DA'], main: '#1A237E', accent: '#F9A825', pattern: 'diamonds' },
  Egypt: { bg: ['#FFFDE7', '#FFE082'], main: '#8D6E63', accent: '#0277BD', pattern: 'stripes' },
};
