#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CTether
import Tether
import TetherSolver

// The tether_*_name functions: Apple's spelling of an enumeration's raw value, from the view
// model's own names (the ones descriptions and layout documents use), as static C strings made
// once per process.

/// The static C strings of one enumeration's names, by raw value, and the one for any other value.
private struct NameTable {
    let names: [Int32: UnsafeMutablePointer<CChar>]
    let unknown: UnsafeMutablePointer<CChar>

    init<Value: RawRepresentable>(_ values: [Value], unknown: String, name: (Value) -> String)
        where Value.RawValue == Int32 {
        var names: [Int32: UnsafeMutablePointer<CChar>] = [:]
        for value in values { names[value.rawValue] = strdup(name(value))! }
        self.names = names
        self.unknown = strdup(unknown)!
    }

    func name(_ raw: Int32) -> UnsafePointer<CChar> { UnsafePointer(names[raw] ?? unknown) }
}

private enum NameTables {
    nonisolated(unsafe) static let relations = NameTable(Relation.allCases, unknown: "unknown relation") { $0.description }
    nonisolated(unsafe) static let attributes = NameTable(LayoutAttribute.allCases, unknown: "unknown attribute") { $0.description }
    nonisolated(unsafe) static let axes = NameTable(Axis.allCases, unknown: "unknown axis") { $0.name }
    nonisolated(unsafe) static let directions = NameTable(LayoutDirection.allCases, unknown: "unknown layout direction") { $0.name }
    nonisolated(unsafe) static let semanticContent = NameTable(SemanticContentAttribute.allCases,
                                                               unknown: "unknown semantic content attribute") { $0.name }
    nonisolated(unsafe) static let distributions = NameTable(StackView.Distribution.allCases, unknown: "unknown distribution") { $0.name }
    nonisolated(unsafe) static let alignments = NameTable(StackView.Alignment.allCases, unknown: "unknown alignment") { $0.name }
}

@c @implementation
public func tether_relation_name(_ relation: tether_relation) -> UnsafePointer<CChar>! {
    NameTables.relations.name(relation)
}

@c @implementation
public func tether_attribute_name(_ attribute: tether_attribute) -> UnsafePointer<CChar>! {
    NameTables.attributes.name(attribute)
}

@c @implementation
public func tether_axis_name(_ axis: tether_axis) -> UnsafePointer<CChar>! {
    NameTables.axes.name(axis)
}

@c @implementation
public func tether_layout_direction_name(_ direction: tether_layout_direction) -> UnsafePointer<CChar>! {
    NameTables.directions.name(direction)
}

@c @implementation
public func tether_semantic_content_attribute_name(_ attribute: tether_semantic_content_attribute) -> UnsafePointer<CChar>! {
    NameTables.semanticContent.name(attribute)
}

@c @implementation
public func tether_stack_distribution_name(_ distribution: tether_stack_distribution) -> UnsafePointer<CChar>! {
    NameTables.distributions.name(distribution)
}

@c @implementation
public func tether_stack_alignment_name(_ alignment: tether_stack_alignment) -> UnsafePointer<CChar>! {
    NameTables.alignments.name(alignment)
}
