/// Layout of a solver-owned id (a `UInt64`), shared by `Variable` and `Constraint`:
/// bits 0–29 hold the slot index + 1 (so 0 is never a valid id), bits 30–31 the id's kind
/// (`IdentifierKind`: a variable's id is never a constraint's, so one given for the other is refused
/// instead of reaching the object in the same slot), bits 32–51 the slot's generation (bumped
/// when the slot is freed, so a stale id never reaches a newer object), and bits 52–63 a tag of
/// the owning solver (so an id from another solver is rejected; two live solvers share a tag with
/// probability 1/4096).
enum PackedID {
    static let generationBits: UInt64 = 20
    static let generationMask: UInt32 = (1 << 20) - 1
    static let tagMask: UInt64 = (1 << 12) - 1
    /// The slot index + 1 fits in 30 bits: slots 0 ..< 2^30 - 1 (about a billion of each kind,
    /// far beyond what memory holds: a variable costs tens of bytes).
    static let slotMask: UInt64 = (1 << 30) - 1

    @inline(__always)
    static func pack(index: Int32, generation: UInt32, tag: UInt64, kind: IdentifierKind) -> UInt64 {
        (tag & tagMask) << 52 | UInt64(generation & generationMask) << 32 | kind.bits
            | (UInt64(UInt32(index) &+ 1) & slotMask)
    }

    @inline(__always) static func index(_ raw: UInt64) -> Int32 {
        Int32(truncatingIfNeeded: (raw & slotMask) &- 1)
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

/// What an id names, in bits 30–31 of every id the library hands out (the solver's and the view
/// model's alike, so that an id given where another kind is expected can be named in the
/// message). Raw values are part of the id layout the C header documents.
public enum IdentifierKind: UInt64, Sendable, CaseIterable {
    /// A view or layout guide of an engine (the view model's items).
    case item = 0
    /// A layout constraint of an engine.
    case layoutConstraint = 1
    /// A solver's variable.
    case variable = 2
    /// A solver's constraint.
    case constraint = 3

    /// The kind written in `rawID`.
    @inlinable public init(rawID: UInt64) { self = IdentifierKind(rawValue: (rawID >> 30) & 3)! }

    /// The kind's bits in an id.
    @inlinable public var bits: UInt64 { rawValue << 30 }

    /// "a KIND id, not an EXPECTED id" when `rawID` (not 0) is another kind's than `expected`,
    /// for messages; nil when its kind is the expected one.
    public static func mismatch(_ rawID: UInt64, expected: IdentifierKind) -> String? {
        let kind = IdentifierKind(rawID: rawID)
        // Only an id the library could have handed out (a slot and a generation: never 0) is
        // named as another kind's; other numbers are just not live.
        guard looksHandedOut(rawID), kind != expected else { return nil }
        return "a \(kind.name) id, not a \(expected.name) id"
    }

    /// Whether `rawID` has a slot and a generation, as every id the library hands out has.
    public static func looksHandedOut(_ rawID: UInt64) -> Bool {
        rawID & PackedID.slotMask != 0 && (rawID >> 32) & UInt64(PackedID.generationMask) != 0
    }

    /// How messages name an id of this kind.
    public var name: String {
        switch self {
        case .item: return "view or layout guide"
        case .layoutConstraint: return "layout constraint"
        case .variable: return "solver variable"
        case .constraint: return "solver constraint"
        }
    }
}

/// An id in the `PackedID` layout: its slot, generation and solver tag, the same for every kind.
protocol PackedIdentifier {
    /// The kind written in every id of this type.
    static var kind: IdentifierKind { get }
    var rawValue: UInt64 { get }
    init(rawValue: UInt64)
}

extension PackedIdentifier {
    init(index: Int32, generation: UInt32, tag: UInt64) {
        self.init(rawValue: PackedID.pack(index: index, generation: generation, tag: tag, kind: Self.kind))
    }

    /// Whether the id's kind bits are this type's (a `Constraint` made from a variable's raw id
    /// is not).
    var hasOwnKind: Bool { IdentifierKind(rawID: rawValue) == Self.kind }

    var index: Int32 { PackedID.index(rawValue) }
    var generation: UInt32 { PackedID.generation(rawValue) }
    var tag: UInt64 { PackedID.tag(rawValue) }
}

/// A variable owned by one `Solver`.
public struct Variable: Hashable, Sendable, CustomStringConvertible, PackedIdentifier {
    public let rawValue: UInt64

    static var kind: IdentifierKind { .variable }

    @inlinable public init(rawValue: UInt64) { self.rawValue = rawValue }

    public var description: String { "Variable(\(rawValue))" }
}

/// A constraint owned by one `Solver`.
public struct Constraint: Hashable, Sendable, Comparable, CustomStringConvertible, PackedIdentifier {
    public let rawValue: UInt64

    static var kind: IdentifierKind { .constraint }

    @inlinable public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Ordered by raw id: the order conflict sets are reported in.
    public static func < (a: Constraint, b: Constraint) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "Constraint(\(rawValue))" }

    /// The constraint's slot in its solver: dense from 0 and reused once the constraint is
    /// freed (the next constraint in a slot has another id), so that a layer above can keep
    /// per-constraint tables in arrays instead of hash tables.
    public var slot: Int { Int(index) }
}
