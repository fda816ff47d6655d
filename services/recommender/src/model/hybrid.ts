/**
 * The served blend: collaborative and content scores, each scaled to [0, 1] by its best value,
 * weighted per seed by how much collaborative evidence the seed has: alpha = n / (n + k), where n
 * is the seed's number of positive interactions. A new or unrated movie (n = 0) gets pure content
 * neighbours; a well-watched one is mostly collaborative.
 */
/** Content keeps at least this share, so even a much-rated film's neighbours stay recognisably alike. */
export const ALPHA_CAP = 0.8;

export function blend(
  cf: Float64Array | null,
  content: Float64Array,
  evidence: number,
  k: number,
  out = new Float64Array(content.length),
): Float64Array {
  const alpha = cf ? Math.min(ALPHA_CAP, evidence / (evidence + k)) : 0;
  let maxCf = 0;
  let maxContent = 0;
  for (let i = 0; i < content.length; i++) {
    if (cf && cf[i]! > maxCf) maxCf = cf[i]!;
    if (content[i]! > maxContent) maxContent = content[i]!;
  }
  for (let i = 0; i < content.length; i++) {
    const c = cf && maxCf ? cf[i]! / maxCf : 0;
    const t = maxContent ? content[i]! / maxContent : 0;
    out[i] = alpha * c + (1 - alpha) * t;
  }
  return out;
}

/** The collaborative part: time-local co-occurrence plus a share of RP3beta, each scaled to [0, 1]. */
export function collaborative(sequence: Float64Array, rp3: Float64Array, rp3Share = 0.5): Float64Array {
  let a = 0;
  let b = 0;
  for (let i = 0; i < sequence.length; i++) {
    if (sequence[i]! > a) a = sequence[i]!;
    if (rp3[i]! > b) b = rp3[i]!;
  }
  const out = new Float64Array(sequence.length);
  for (let i = 0; i < out.length; i++) out[i] = (a ? sequence[i]! / a : 0) + rp3Share * (b ? rp3[i]! / b : 0);
  return out;
}
