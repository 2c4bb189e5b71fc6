/** `Map.groupBy`, which Node 20 lacks. */
export function groupBy<T, K>(items: Iterable<T>, toKey: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const item of items) {
    const key = toKey(item)
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}
