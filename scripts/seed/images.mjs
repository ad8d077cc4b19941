// Draws the demo souvenirs' illustrations: web/public/seed/<slug>.svg (cover) and <slug>-2.svg (detail view).
// Run `node scripts/seed/images.mjs` after editing data.mjs; the generated files are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PALETTES, PRODUCTS } from './data.mjs';

export const IMAGE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'public', 'seed');

export function slug(title) {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The image files of a souvenir, cover first. */
export function imageFiles(title) {
  return [`${slug(title)}.svg`, `${slug(title)}-2.svg`];
}

const patterns = {
  dots: (c) =>
    `<pattern id="p" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="14" cy="14" r="3" fill="${c}"/></pattern>`,
  stripes: (c) =>
    `<pattern id="p" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="8" height="24" fill="${c}"/></pattern>`,
  waves: (c) =>
    `<pattern id="p" width="60" height="24" patternUnits="userSpaceOnUse"><path d="M0 12 Q15 0 30 12 T60 12" fill="none" stroke="${c}" stroke-width="3"/></pattern>`,
  diamonds: (c) =>
    `<pattern id="p" width="30" height="30" patternUnits="userSpaceOnUse"><path d="M15 3 L27 15 L15 27 L3 15Z" fill="none" stroke="${c}" stroke-width="2.5"/></pattern>`,
  stars: (c) =>
    `<pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M20 6 L24 16 L34 20 L24 24 L20 34 L16 24 L6 20 L16 16Z" fill="${c}"/></pattern>`,
  zigzag: (c) =>
    `<pattern id="p" width="32" height="20" patternUnits="userSpaceOnUse"><path d="M0 16 L8 4 L16 16 L24 4 L32 16" fill="none" stroke="${c}" stroke-width="3"/></pattern>`,
};

// Each motif is drawn around (0,0) in roughly a 200 × 200 box; m = main colour, a = accent colour.
const motifs = {
  bowl: (m, a) =>
    `<path d="M-90 -20 H90 Q85 70 0 75 Q-85 70 -90 -20Z" fill="${m}"/><path d="M-90 -20 H90" stroke="${a}" stroke-width="8" stroke-linecap="round"/><path d="M-60 15 Q0 35 60 15" fill="none" stroke="${a}" stroke-width="5" opacity=".7"/><ellipse cx="0" cy="80" rx="40" ry="8" fill="#000" opacity=".12"/>`,
  plate: (m, a) =>
    `<circle r="92" fill="#fff"/><circle r="92" fill="none" stroke="${m}" stroke-width="10"/><circle r="55" fill="none" stroke="${a}" stroke-width="4" stroke-dasharray="6 8"/><ellipse cx="-18" cy="0" rx="26" ry="18" fill="#FDD835"/><ellipse cx="22" cy="8" rx="24" ry="17" fill="#FBC02D"/><path d="M-10 -22 q20 -20 40 -6 q-20 8 -40 6Z" fill="${m}"/>`,
  vase: (m, a) =>
    `<path d="M-30 -95 H30 V-75 Q70 -40 62 20 Q55 80 0 90 Q-55 80 -62 20 Q-70 -40 -30 -75Z" fill="${m}"/><path d="M-55 0 H55 M-58 25 H58" stroke="${a}" stroke-width="7"/><circle cy="-35" r="14" fill="${a}"/>`,
  bottle: (m, a) =>
    `<path d="M-14 -100 H14 V-50 Q42 -35 42 0 V80 Q42 92 30 92 H-30 Q-42 92 -42 80 V0 Q-42 -35 -14 -50Z" fill="${m}"/><rect x="-30" y="5" width="60" height="50" rx="6" fill="#fff" opacity=".9"/><rect x="-18" y="18" width="36" height="6" fill="${a}"/><rect x="-12" y="32" width="24" height="5" fill="${a}" opacity=".6"/><rect x="-16" y="-112" width="32" height="16" rx="3" fill="${a}"/>`,
  jar: (m, a) =>
    `<rect x="-55" y="-40" width="110" height="125" rx="22" fill="${m}"/><rect x="-62" y="-70" width="124" height="34" rx="8" fill="${a}"/><rect x="-40" y="0" width="80" height="50" rx="8" fill="#fff" opacity=".9"/><circle cy="25" r="12" fill="${m}" opacity=".7"/>`,
  pot: (m, a) =>
    `<path d="M-50 -40 H40 L55 -60 L62 -52 L48 -34 Q60 60 0 80 Q-60 60 -50 -40Z" fill="${m}"/><rect x="40" y="-10" width="70" height="14" rx="7" fill="${a}" transform="rotate(-15)"/><path d="M-45 0 Q0 12 45 0" stroke="${a}" stroke-width="4" fill="none"/>`,
  tin: (m, a) =>
    `<rect x="-60" y="-70" width="120" height="150" rx="10" fill="${m}"/><rect x="-66" y="-80" width="132" height="22" rx="6" fill="${a}"/><circle cy="5" r="34" fill="#fff" opacity=".9"/><path d="M-16 5 Q0 -22 16 5 Q0 30 -16 5Z" fill="${a}"/>`,
  box: (m, a) =>
    `<path d="M-85 -20 L0 -60 L85 -20 L0 20Z" fill="${a}"/><path d="M-85 -20 V55 L0 95 V20Z" fill="${m}"/><path d="M85 -20 V55 L0 95 V20Z" fill="${m}" opacity=".8"/><path d="M-42 0 V75" stroke="#fff" stroke-width="6" opacity=".7"/><path d="M42 0 V75" stroke="#fff" stroke-width="6" opacity=".5"/>`,
  sachet: (m, a) =>
    `<path d="M-60 -50 Q0 -80 60 -50 L70 80 Q0 95 -70 80Z" fill="#F5F0E6"/><path d="M-55 -45 Q0 -30 55 -45" stroke="${a}" stroke-width="8" fill="none"/>${[-30, 0, 30].map((x) => `<path d="M${x} 60 V0" stroke="#558B2F" stroke-width="4"/>${[0, 12, 24, 36].map((y) => `<ellipse cx="${x}" cy="${y - 4}" rx="7" ry="5" fill="${m}"/>`).join('')}`).join('')}`,
  beans: (m, a) =>
    `<path d="M-65 -80 H65 L75 85 H-75Z" fill="${m}"/><rect x="-40" y="-20" width="80" height="60" rx="6" fill="#fff" opacity=".9"/>${[
      [-20, 0],
      [5, 15],
      [22, -4],
      [-8, 25],
    ]
      .map(
        ([x, y]) =>
          `<ellipse cx="${x}" cy="${y}" rx="11" ry="8" fill="#5D4037"/><path d="M${x - 8} ${y} Q${x} ${y + 3} ${x + 8} ${y}" stroke="#D7CCC8" stroke-width="2" fill="none"/>`,
      )
      .join('')}<rect x="-65" y="-92" width="130" height="16" fill="${a}"/>`,
  garment: (m, a) =>
    `<path d="M-40 -85 L-100 -55 L-80 -5 L-55 -20 V90 H55 V-20 L80 -5 L100 -55 L40 -85 Q0 -60 -40 -85Z" fill="${m}"/><path d="M-55 10 H55 M-55 35 H55 M-55 60 H55" stroke="${a}" stroke-width="8" opacity=".85"/>`,
  hat: (m, a) =>
    `<path d="M-70 30 Q-75 -80 0 -85 Q75 -80 70 30Z" fill="${m}"/><path d="M-70 30 H70 V45 H-70Z" fill="${a}"/><path d="M-60 -10 L-40 -30 L-20 -10 L0 -30 L20 -10 L40 -30 L60 -10" stroke="#fff" stroke-width="6" fill="none"/><path d="M-62 45 V90 M62 45 V90" stroke="${m}" stroke-width="10"/><circle cx="-62" cy="95" r="10" fill="${a}"/><circle cx="62" cy="95" r="10" fill="${a}"/>`,
  conehat: (m, a) =>
    `<path d="M0 -80 L110 45 Q0 70 -110 45Z" fill="#E6C983"/><path d="M0 -80 L-40 52 M0 -80 L40 52 M0 -80 L0 57" stroke="${m}" stroke-width="3" opacity=".5"/><path d="M-90 45 Q0 95 90 45" stroke="${a}" stroke-width="5" fill="none"/>`,
  slipper: (m, a) =>
    `<path d="M-100 40 Q-100 0 -40 -10 L60 -30 Q110 -20 100 30 Q90 55 -60 60 Q-100 60 -100 40Z" fill="${m}"/><path d="M-10 -18 Q40 -45 95 -5 Q80 25 -10 30Z" fill="${a}" opacity=".35"/>`,
  wallet: (m, a) =>
    `<rect x="-95" y="-60" width="190" height="120" rx="14" fill="${m}"/><path d="M-95 -10 H60 Q95 -10 95 25 V60" fill="none" stroke="${a}" stroke-width="5" stroke-dasharray="8 6"/><circle cx="55" cy="20" r="10" fill="${a}"/>`,
  cloth: (m, a) =>
    `<rect x="-90" y="-80" width="180" height="160" rx="6" fill="${m}"/><path d="M-90 -40 Q-45 -60 0 -40 T90 -40 M-90 10 Q-45 -10 0 10 T90 10 M-90 60 Q-45 40 0 60 T90 60" stroke="${a}" stroke-width="7" fill="none" opacity=".9"/>`,
  scarf: (m, a) =>
    `<path d="M-40 -95 Q0 -70 40 -95 L60 80 L35 95 L20 -50 L-20 -50 L-35 95 L-60 80Z" fill="${m}"/><path d="M-45 60 L-38 70 M-52 65 L-45 75 M45 60 L38 70 M52 65 L45 75" stroke="${a}" stroke-width="4"/><path d="M-30 -70 Q0 -55 30 -70" stroke="${a}" stroke-width="6" fill="none"/>`,
  quilt: (m, a) =>
    `<rect x="-90" y="-80" width="180" height="160" rx="8" fill="#fff"/>${[-60, 0, 60].flatMap((x) => [-50, 0, 50].map((y) => `<circle cx="${x}" cy="${y}" r="16" fill="${(x + y) % 120 === 0 ? m : a}"/><circle cx="${x}" cy="${y}" r="6" fill="#fff"/>`)).join('')}<rect x="-90" y="-80" width="180" height="160" rx="8" fill="none" stroke="${m}" stroke-width="8"/>`,
  rug: (m) =>
    `<rect x="-80" y="-95" width="160" height="190" fill="#F3EDE2"/><path d="M0 -80 L60 -20 L0 40 L-60 -20Z M0 -20 L60 40 L0 100 L-60 40Z" fill="none" stroke="#37474F" stroke-width="6"/><path d="M-80 -95 V95 M80 -95 V95" stroke="${m}" stroke-width="6"/>${[-70, -50, -30, -10, 10, 30, 50, 70].map((x) => `<path d="M${x} 95 V108 M${x} -95 V-108" stroke="#D7CCC8" stroke-width="3"/>`).join('')}`,
  cushion: (m, a) =>
    `<path d="M-85 -75 Q0 -60 85 -75 Q70 0 85 75 Q0 60 -85 75 Q-70 0 -85 -75Z" fill="#FFF"/><path d="M-40 -30 Q-20 -50 0 -30 Q20 -50 40 -30 M-50 20 Q-30 0 -10 20 M10 30 Q30 10 50 30" stroke="${m}" stroke-width="5" fill="none"/><circle cx="0" cy="0" r="10" fill="${a}"/>`,
  tile: (m, a) =>
    `<rect x="-85" y="-85" width="170" height="170" rx="4" fill="#fff"/><rect x="-85" y="-85" width="170" height="170" rx="4" fill="none" stroke="${m}" stroke-width="10"/><path d="M0 -60 Q25 -25 0 0 Q-25 -25 0 -60Z M0 60 Q25 25 0 0 Q-25 25 0 60Z M-60 0 Q-25 25 0 0 Q-25 -25 -60 0Z M60 0 Q25 25 0 0 Q25 -25 60 0Z" fill="${m}"/><circle r="12" fill="${a}"/>`,
  pendant: (m, a) =>
    `<path d="M-70 -90 Q0 20 70 -90" fill="none" stroke="#B0BEC5" stroke-width="4"/><path d="M0 -35 Q45 0 0 80 Q-45 0 0 -35Z" fill="${m}"/>${[
      [0, 10],
      [-12, 30],
      [12, 30],
      [0, 50],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="${a}"/><circle cx="${x}" cy="${y}" r="3" fill="#fff"/>`)
      .join('')}`,
  necklace: (m, a) =>
    `${Array.from({ length: 3 }, (_, r) =>
      Array.from({ length: 17 }, (_, i) => {
        const t = Math.PI * (0.1 + (0.8 * i) / 16);
        const R = 60 + r * 18;
        return `<circle cx="${(R * Math.cos(t)).toFixed(1)}" cy="${(R * Math.sin(t) - 40).toFixed(1)}" r="7" fill="${[m, a, '#fff'][(i + r) % 3]}"/>`;
      }).join(''),
    ).join('')}`,
  bracelet: (m, a) =>
    `<ellipse rx="85" ry="55" fill="none" stroke="${m}" stroke-width="24"/><ellipse rx="85" ry="55" fill="none" stroke="${a}" stroke-width="4" stroke-dasharray="4 10"/>`,
  ring: (m, a) =>
    `<circle cy="20" r="62" fill="none" stroke="#F9A825" stroke-width="18"/><path d="M-50 20 h12 v-8 h-8 v-8 h16 v24" stroke="${m}" stroke-width="3" fill="none"/><path d="M-25 -45 L0 -80 L25 -45Z" fill="${a}" stroke="${m}" stroke-width="3"/>`,
  earrings: (m, a) =>
    `${[-45, 45].map((x) => `<circle cx="${x}" cy="-70" r="8" fill="none" stroke="#F9A825" stroke-width="4"/><path d="M${x - 35} 0 Q${x} -70 ${x + 35} 0Z" fill="${m}"/>${[-20, 0, 20].map((d) => `<circle cx="${x + d}" cy="14" r="6" fill="${a}"/>`).join('')}`).join('')}`,
  beads: (m, a) =>
    `${Array.from({ length: 20 }, (_, i) => {
      const t = (2 * Math.PI * i) / 20;
      return `<circle cx="${(70 * Math.cos(t)).toFixed(1)}" cy="${(70 * Math.sin(t) - 15).toFixed(1)}" r="11" fill="${m}"/>`;
    }).join('')}<path d="M0 55 L-14 100 H14Z" fill="${a}"/>`,
  hand: (m, a) =>
    `<path d="M-55 70 Q-70 10 -60 -40 Q-55 -60 -45 -40 L-40 -10 V-70 Q-30 -90 -20 -70 V-20 V-85 Q-10 -100 0 -85 V-20 V-70 Q10 -90 20 -70 V-10 L30 -40 Q40 -60 48 -40 Q60 10 50 70Z" fill="#CFD8DC"/><ellipse cy="20" rx="22" ry="14" fill="#fff"/><circle cy="20" r="10" fill="${a}"/><circle cy="20" r="4" fill="#111"/>`,
  figurine: (m, a) =>
    `<ellipse cy="25" rx="60" ry="65" fill="${m}"/><circle cy="-60" r="42" fill="${m}"/><path d="M-35 -90 L-28 -125 L-8 -98Z M35 -90 L28 -125 L8 -98Z" fill="${m}"/><circle cx="-15" cy="-62" r="6" fill="#fff"/><circle cx="15" cy="-62" r="6" fill="#fff"/><path d="M-30 10 Q0 40 30 10" stroke="${a}" stroke-width="8" fill="none"/><circle cy="45" r="12" fill="${a}"/>`,
  elephant: (m, a) =>
    `<ellipse cx="10" cy="10" rx="80" ry="55" fill="${m}"/><circle cx="-65" cy="-25" r="40" fill="${m}"/><path d="M-95 -10 Q-110 50 -90 80" stroke="${m}" stroke-width="20" fill="none" stroke-linecap="round"/><path d="M-40 50 V90 M0 55 V90 M40 55 V90 M70 45 V90" stroke="${m}" stroke-width="22"/><ellipse cx="-45" cy="-25" rx="22" ry="30" fill="${a}" opacity=".5"/><circle cx="-75" cy="-35" r="5" fill="#fff"/>`,
  bull: (m, a) =>
    `<ellipse cx="15" cy="10" rx="75" ry="45" fill="${m}"/><circle cx="-60" cy="-15" r="32" fill="${m}"/><path d="M-85 -35 Q-100 -75 -70 -70 M-35 -35 Q-20 -75 -50 -70" stroke="${a}" stroke-width="9" fill="none" stroke-linecap="round"/><path d="M-30 45 V85 M10 50 V85 M45 50 V85 M75 40 V85" stroke="${m}" stroke-width="18"/>${[-20, 10, 40].map((x) => `<circle cx="${x}" cy="5" r="8" fill="${a}"/>`).join('')}`,
  giraffe: () =>
    `<path d="M-20 95 V20 Q-25 -40 -5 -90 L15 -88 Q10 -30 20 20 V95Z" fill="#D4A373"/><ellipse cx="0" cy="-95" rx="24" ry="14" fill="#D4A373"/>${[
      [-10, 60],
      [5, 30],
      [-8, 0],
      [6, -35],
      [-2, -65],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="#6D4C41"/>`)
      .join(
        '',
      )}<path d="M55 95 V40 Q52 0 62 -40 L74 -38 Q70 0 72 40 V95Z" fill="#C08E5E"/><ellipse cx="68" cy="-45" rx="15" ry="9" fill="#C08E5E"/>`,
  rooster: (m, a) =>
    `<ellipse cx="0" cy="20" rx="60" ry="50" fill="#212121"/><circle cx="-45" cy="-35" r="28" fill="#212121"/><path d="M-60 -60 q8 -20 16 0 q8 -20 16 0 q8 -20 10 5Z" fill="#D32F2F"/><path d="M-73 -35 L-90 -30 L-73 -25Z" fill="#FBC02D"/><path d="M50 0 Q100 -60 80 40Z" fill="${m}"/>${[-20, 5, 30].map((x, i) => `<path d="M${x - 12} ${10 + i * 8} q12 -24 24 0 q-12 24 -24 0Z" fill="${[a, '#D32F2F', '#FBC02D'][i]}"/>`).join('')}<path d="M-15 70 V95 M15 70 V95" stroke="#FBC02D" stroke-width="6"/>`,
  scarab: (m, a) =>
    `<ellipse cy="15" rx="55" ry="70" fill="${m}"/><path d="M0 -55 V85" stroke="#fff" stroke-width="4" opacity=".6"/><ellipse cy="-65" rx="30" ry="20" fill="${m}"/><path d="M-50 -10 L-85 -30 M-55 20 L-90 20 M-50 50 L-85 75 M50 -10 L85 -30 M55 20 L90 20 M50 50 L85 75" stroke="${m}" stroke-width="8" stroke-linecap="round"/><circle cx="0" cy="-92" r="16" fill="${a}"/>`,
  skull: (m, a) =>
    `<path d="M-70 -10 Q-70 -90 0 -90 Q70 -90 70 -10 Q70 30 40 40 V70 H-40 V40 Q-70 30 -70 -10Z" fill="#fff"/><circle cx="-28" cy="-15" r="20" fill="${m}"/><circle cx="28" cy="-15" r="20" fill="${a}"/><path d="M0 10 L-8 25 H8Z" fill="#333"/><path d="M-25 55 V70 M-8 55 V70 M8 55 V70 M25 55 V70" stroke="#333" stroke-width="3"/><path d="M-20 -70 q10 -10 20 0 q10 -10 20 0" stroke="${m}" stroke-width="5" fill="none"/>`,
  scooter: (m, a) =>
    `<circle cx="-65" cy="55" r="28" fill="#37474F"/><circle cx="70" cy="55" r="28" fill="#37474F"/><circle cx="-65" cy="55" r="10" fill="#CFD8DC"/><circle cx="70" cy="55" r="10" fill="#CFD8DC"/><path d="M-95 40 Q-90 -10 -40 -10 H10 L30 40Z" fill="${m}"/><path d="M20 40 L55 -70 H80" stroke="${m}" stroke-width="12" fill="none" stroke-linecap="round"/><path d="M50 10 Q90 0 100 45 H50Z" fill="${m}"/><rect x="-60" y="-30" width="55" height="16" rx="8" fill="${a}"/>`,
  house: (m, a) =>
    `<rect x="-70" y="-10" width="140" height="95" fill="#fff"/><path d="M-45 -10 A45 45 0 0 1 45 -10Z" fill="${m}"/><path d="M0 -55 V-80 M-10 -70 H10" stroke="${m}" stroke-width="6"/><rect x="-15" y="30" width="30" height="55" rx="15" fill="${m}"/><rect x="-55" y="15" width="22" height="22" fill="${a}" stroke="${m}" stroke-width="3"/>`,
  mask: (m, a) =>
    `<path d="M-100 -20 Q-60 -70 0 -35 Q60 -70 100 -20 Q95 40 40 40 Q20 10 0 15 Q-20 10 -40 40 Q-95 40 -100 -20Z" fill="${m}"/><ellipse cx="-45" cy="-5" rx="22" ry="13" fill="#222"/><ellipse cx="45" cy="-5" rx="22" ry="13" fill="#222"/><path d="M-100 -20 Q-60 -70 0 -35 Q60 -70 100 -20" stroke="${a}" stroke-width="6" fill="none"/><path d="M60 -45 Q90 -110 110 -90 Q95 -70 75 -40Z" fill="${a}"/>`,
  frame: (m, a) =>
    `<rect x="-95" y="-75" width="190" height="150" fill="${a === '#FFFFFF' ? m : a}"/><rect x="-80" y="-60" width="160" height="120" fill="#FFFDF5"/><path d="M-80 40 Q-40 -10 -5 25 Q30 -30 80 30 V60 H-80Z" fill="${m}" opacity=".8"/><circle cx="45" cy="-30" r="14" fill="#FBC02D"/>`,
  umbrella: (m, a) =>
    `<path d="M-110 10 Q0 -140 110 10 Q90 -5 73 10 Q55 -5 37 10 Q18 -5 0 10 Q-18 -5 -37 10 Q-55 -5 -73 10 Q-90 -5 -110 10Z" fill="${m}"/><path d="M0 -65 V90 Q0 100 -12 100" stroke="#6D4C41" stroke-width="6" fill="none"/><circle cy="-40" r="22" fill="${a}"/>${[0, 72, 144, 216, 288].map((r) => `<ellipse cx="0" cy="-58" rx="6" ry="12" fill="#fff" transform="rotate(${r} 0 -40)"/>`).join('')}`,
  lantern: (m, a) =>
    `<path d="M0 -110 V-85" stroke="#5D4037" stroke-width="4"/><rect x="-30" y="-90" width="60" height="14" rx="4" fill="${a}"/><path d="M-30 -76 Q-80 0 -30 76 H30 Q80 0 30 -76Z" fill="${m}"/>${[-40, -15, 10, 35].map((y) => `<path d="M-50 ${y} Q0 ${y + 10} 50 ${y}" stroke="${a}" stroke-width="3" fill="none"/>`).join('')}<rect x="-30" y="76" width="60" height="12" rx="4" fill="${a}"/><path d="M-6 88 V110 M0 88 V115 M6 88 V110" stroke="${a}" stroke-width="2"/>`,
};

function svg(product, variant) {
  const [title, , , , , , country, , motif] = product;
  const palette = PALETTES[country];
  const draw = motifs[motif];
  if (!palette || !draw) throw new Error(`No palette or motif for ${title}`);
  const seed = [...title].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const tilt = ((seed % 11) - 5) * (variant === 1 ? 1 : -2);
  const scale = variant === 1 ? 1.25 : 1.7;
  const [cx, cy] = variant === 1 ? [200, 155] : [200 + ((seed >> 3) % 60) - 30, 170];
  const [from, to] = variant === 1 ? palette.bg : [...palette.bg].reverse();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="l" cx=".5" cy=".45" r=".55"><stop offset="0" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `${patterns[palette.pattern](palette.main)}</defs>` +
    `<rect width="400" height="300" fill="url(#g)"/><rect width="400" height="300" fill="url(#p)" opacity=".12"/>` +
    `<ellipse cx="200" cy="150" rx="170" ry="130" fill="url(#l)"/>` +
    `<ellipse cx="${cx}" cy="${cy + 105 * scale * 0.85}" rx="${95 * scale}" ry="12" fill="#000" opacity=".08"/>` +
    `<g transform="translate(${cx} ${cy}) rotate(${tilt}) scale(${scale * 0.85})">${draw(palette.main, palette.accent)}</g>` +
    `</svg>\n`
  );
}

/** Writes every illustration; answers how many files were written. */
export function writeImages(dir = IMAGE_DIR) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  for (const product of PRODUCTS) {
    imageFiles(product[0]).forEach((file, i) => {
      writeFileSync(path.join(dir, file), svg(product, i + 1));
      count += 1;
    });
  }
  return count;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`wrote ${writeImages()} illustrations to ${path.relative(process.cwd(), IMAGE_DIR)}`);
}
