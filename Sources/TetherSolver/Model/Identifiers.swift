/// Layout of a solver-owned id (a `UInt64`), shared by `Variable` and `Constraint`:
/// bits 0–31 hold the slot index + 1 (so 0 is never a valid id), bits 32–51 the slot's
/// generation (bumped when the slot is freed, so a stale id never reaches a newer object), and
/// bits 52–63 a tag of the owning solver (so an id from another solver is rejected; two live
/// solvers share a tag with probability 1/4096).
enum PackedID {
    static let generationBits: UInt64 = 20
    static let generationMask: UInt32 = (1 << 20) - 1
    static let tagMask: UInt64 = (1 << 12) - 1

    @inline(__always)
    static func pack(index: Int32, generation: UInt32, tag: UInt64) -> UInt64 {
        (tag & tagMask) << 52 | UInt64(generation & generationMask) << 32 | UInt64(UInt32(index) &+ 1)
    }

    @inline(__always) static func index(_ raw: UInt64) -> Int32 {
        Int32(truncatingIfNeeded: (raw & 0xFFFF_FFFF) &- 1)
    }

    @inline(__always) static func generation(_ raw: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: raw >> 32) & generationMask
    }

    @inline(__always) static func tag(_ raw: UInt64) -> UInt64 { raw >> 52 }

    /// The next generation of a slot (never 0).
    @inline(__always) static func nextGeneration(_ g: UInt32) -> UInt32 {
        let n = (g &+ 1) & generationMask
        return n == 0 ? 1 : n
    }
}

/// An id in the `PackedID` layout: its slot, generation and solver tag, the same for every kind.
protocol PackedIdentifier {
    var rawValue: UInt64 { get }
    init(rawValue: UInt64)
}

extension PackedIdentifier {
    init(index: Int32, generation: UInt32, tag: UInt64) {
        self.init(rawValue: PackedID.pack(index: index, generation: generation, tag: tag))
    }

    var index: Int32 { PackedID.index(rawValue) }
    var generation: UInt32 { PackedID.generation(rawValue) }
    var tag: UInt64 { PackedID.tag(rawValue) }
}

/// A variable owned by one `Solver`.
public struct Variable: Hashable, Sendable, CustomStringConvertible, PackedIdentifier {
    public let rawValue: UInt64

    @inlinable public init(rawValue: UInt64) { self.rawValue = rawValue }

    public var description: String { "Variable(\(rawValue))" }
}

/// A constraint owned by one `Solver`.
public struct Constraint: Hashable, Sendable, Comparable, CustomStringConvertible, PackedIdentifier {
    public let rawValue: UInt64

    @inlinable public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Ordered by raw id: the order conflict sets are reported in.
    public static func < (a: Constraint, b: Constraint) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "Constraint(\(rawValue))" }

    /// The constraint's slot in its solver: dense from 0 and reused once the constraint is
    /// freed (the next constraint in a slot has another id), so that a layer above can keep
    /// per-constraint tables in arrays instead of hash tables.
    public var slot: Int { Int(index) }
}
