// Insertion orders for tether-bench: natural, reverse, or a seeded shuffle. Users do not choose
// the order of their constraints, so every workload can add (or activate) them in any of these
// orders; the layout must not change, only the cost. The shuffle is splitmix64 driving a
// Fisher–Yates shuffle: no Foundation, and the same seed gives the same order on every machine
// and in every engine (benchmarks/python_view_workloads.py and benchmarks/c/tether_bench.c use
// the same generator and the same loop, so one seed names one order everywhere).

import TetherTestSupport

/// splitmix64 (Steele, Lea, Flood 2014), the generator the tests use too: a 64-bit state
/// advanced by a Weyl sequence and mixed; good enough to shuffle, and trivial to reproduce in C
/// and Python.
typealias SplitMix64 = SeededGenerator

extension SeededGenerator {
    /// A value in 0..<bound by the modulo of the next output. Its bias (below 2⁻⁴⁰ for the bounds
    /// used here) does not matter for an insertion order, and the modulo is easy to repeat in C and
    /// Python bit for bit.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }
}

/// The order in which a workload's constraints go to the solver (or are activated).
enum InsertionOrder: Equatable {
    case natural
    case reverse
    case shuffle(seed: UInt64)

    /// The positions of a list of `count` items in this order: item `permutation[k]` goes k-th.
    func permutation(_ count: Int) -> [Int] {
        switch self {
        case .natural:
            return Array(0..<count)
        case .reverse:
            return Array((0..<count).reversed())
        case .shuffle(let seed):
            return shuffledIndices(count, seed: seed)
        }
    }

    var name: String {
        switch self {
        case .natural: return "natural"
        case .reverse: return "reverse"
        case .shuffle: return "shuffle"
        }
    }

    var seed: UInt64? {
        if case .shuffle(let seed) = self { return seed }
        return nil
    }
}

/// 0..<count shuffled by Fisher–Yates from the last position down, j = below(i + 1).
func shuffledIndices(_ count: Int, seed: UInt64) -> [Int] {
    var indices = Array(0..<count)
    var random = SplitMix64(seed: seed)
    var i = count - 1
    while i > 0 {
        let j = random.below(i + 1)
        indices.swapAt(i, j)
        i -= 1
    }
    return indices
}
