// Percentiles and the shape every measurement is reported in.
export function percentiles(samples) {
  const s = Float64Array.from(samples).sort();
  const at = (q) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : null);
  const r = (v) => (v === null ? null : Math.round(v * 100) / 100);
  const mean = s.length ? s.reduce((a, b) => a + b, 0) / s.length : null;
  return {
    p50: r(at(0.5)),
    p95: r(at(0.95)),
    p99: r(at(0.99)),
    mean: r(mean),
    max: r(s.length ? s[s.length - 1] : null),
    samples: s.length,
  };
}

export const fmt = (v, digits = 1) => (v === null || v === undefined ? '–' : Number(v).toFixed(digits));
