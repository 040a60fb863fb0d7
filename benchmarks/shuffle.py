"""Insertion orders for the Python benchmarks: natural, reverse or a seeded shuffle, the same
orders as tether-bench's (benchmarks/swift/Shuffle.swift) and the C engine's
(benchmarks/c/tether_bench.c): splitmix64 driving a Fisher–Yates shuffle from the last position
down, j = next() % (i + 1), so one seed names one order in every engine."""

MASK = (1 << 64) - 1


def splitmix64(seed):
    """An endless generator of splitmix64 outputs from `seed`."""
    state = seed & MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def permutation(count, order="natural", seed=None):
    """The positions of `count` items in `order` ("natural", "reverse" or "shuffle" with
    `seed`): item permutation[k] goes k-th."""
    if order == "natural":
        return list(range(count))
    if order == "reverse":
        return list(range(count - 1, -1, -1))
    if order != "shuffle" or seed is None:
        raise ValueError(f"unknown order {order!r} (seed {seed!r})")
    indices = list(range(count))
    random = splitmix64(seed)
    for i in range(count - 1, 0, -1):
        j = next(random) % (i + 1)
        indices[i], indices[j] = indices[j], indices[i]
    return indices
