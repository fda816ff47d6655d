import { describe, expect, it } from 'vitest';
import { ImplicitMatrix } from '../src/model/implicit';
import {
  ratingsDecide,
  ratingWeight,
  signalsFingerprint,
  signalWeight,
  type Signal,
} from '../src/train/signals';

const sig = (user: string, item: number, kind: Signal['kind'], rating?: number): Signal => ({
  user,
  item,
  timestamp: 1_700_000_000,
  kind,
  ...(rating !== undefined ? { rating } : {}),
});

describe('ratings and diary entries as recommender signals', () => {
  it('a high rating weighs more than a like, a low one counts against, a viewing like watched', () => {
    const like = signalWeight(sig('u', 1, 'like'));
    expect(signalWeight(sig('u', 1, 'rated', 5))).toBeGreaterThan(like);
    expect(signalWeight(sig('u', 1, 'rated', 4.5))).toBeGreaterThan(like);
    expect(signalWeight(sig('u', 1, 'rated', 3))).toBeGreaterThan(0);
    expect(signalWeight(sig('u', 1, 'rated', 3))).toBeLessThan(like);
    expect(signalWeight(sig('u', 1, 'rated', 2.5))).toBeLessThan(0);
    expect(signalWeight(sig('u', 1, 'rated', 0.5))).toBeLessThan(signalWeight(sig('u', 1, 'rated', 2)));
    expect(signalWeight(sig('u', 1, 'diary'))).toBe(signalWeight(sig('u', 1, 'watched')));
    // Monotonic over every half star.
    const ws = Array.from({ length: 10 }, (_, i) => ratingWeight((i + 1) / 2));
    for (let i = 1; i < ws.length; i++) expect(ws[i]!).toBeGreaterThan(ws[i - 1]!);
  });

  it("a rating decides its pair alone: the film's other signals are dropped, other pairs kept", () => {
    const signals = [
      sig('a', 1, 'watched'),
      sig('a', 1, 'like'),
      sig('a', 1, 'rated', 1),
      sig('a', 2, 'watched'),
      sig('b', 1, 'like'),
    ];
    expect(ratingsDecide(signals).map((s) => `${s.user}:${s.item}:${s.kind}`)).toEqual([
      'a:1:rated',
      'a:2:watched',
      'b:1:like',
    ]);
  });

  it('a low rating lowers the co-watched score that the same film as watched would raise', () => {
    // Users 1–3 watched film 10 and film 20; user 4 watched 10 and then watched (or rated) 30.
    const base = [
      sig('u1', 10, 'watched'),
      sig('u1', 20, 'watched'),
      sig('u2', 10, 'watched'),
      sig('u2', 20, 'watched'),
      sig('u4', 10, 'watched'),
      sig('u4', 30, 'watched'),
    ];
    const scoreOf30 = (extra: Signal[]) => {
      const signals = ratingsDecide([...base, ...extra]);
      const users = new Map<string, number>();
      const m = new ImplicitMatrix(
        signals.map((s) => ({
          user: users.get(s.user) ?? (users.set(s.user, users.size), users.size - 1),
          item: s.item,
          weight: signalWeight(s),
        })),
      );
      const scores = m.rp3betaSupported(m.itemIndex.get(10)!, 1, 0.5);
      return scores[m.itemIndex.get(30)!]!;
    };
    const watchedOnly = scoreOf30([]);
    // A pair counts with the weaker of its two films (the model's min): loving both beats watching both.
    const lovedIt = scoreOf30([sig('u4', 10, 'rated', 5), sig('u4', 30, 'rated', 5)]);
    const hatedIt = scoreOf30([sig('u4', 30, 'rated', 1)]);
    expect(watchedOnly).toBeGreaterThan(0);
    expect(lovedIt).toBeGreaterThan(watchedOnly);
    expect(hatedIt).toBeLessThan(0);
  });

  it('a changed rating changes the fingerprint (so the service retrains)', () => {
    const a = signalsFingerprint([sig('u', 1, 'rated', 4)]);
    expect(signalsFingerprint([sig('u', 1, 'rated', 2)])).not.toBe(a);
    expect(signalsFingerprint([sig('u', 1, 'like')])).toBe(signalsFingerprint([sig('u', 1, 'like')]));
  });
});
