/**
 * A pure function remembered by its argument, for values asked again and again (the same few
 * dose labels through a replay, the same provider names on every page request). Bounded: all
 * is forgotten once `kept` answers are held, so an endless run of new arguments costs memory
 * no more than that.
 */
export function remembered<K, V>(compute: (key: K) => V, kept: number): (key: K) => V {
  const answers = new Map<K, V>();
  return (key) => {
    const known = answers.get(key);
    // One lookup when known; `has` only tells a remembered undefined from none.
    if (known !== undefined || answers.has(key)) return known as V;
    const value = compute(key);
    if (answers.size >= kept) answers.clear();
    answers.set(key, value);
    return value;
  };
}
