import CTether
import Tether

// Stack views through the C ABI: making them, their arranged subviews and properties, and the
// hidden flag of views (which collapses arranged views). Each function validates its handle, ids,
// pointers, numbers and enums, then calls the Swift view model. No logic lives here.

extension EngineBox {
    /// The live stack view with this id; TETHER_E_INVALID_ID for a dead id, a guide's id or a
    /// plain view's.
    func stackView(_ id: tether_view, _ name: String = "stack") throws(StatusFailure) -> StackView {
        let v = try view(id, name)
        guard let stack = v as? StackView else {
            throw StatusFailure(status: TETHER_E_INVALID_ID,
                                message: "\(name) id \(describeID(id)) is a plain view (\(v)), not a stack view (tether_stack_view_new)")
        }
        return stack
    }
}

func stackDistribution(_ raw: tether_stack_distribution) throws(StatusFailure) -> StackView.Distribution {
    try enumCase(raw, "distribution", isNot: "one of 0 (fill), 1 (fill equally), 2 (fill proportionally), 3 (equal spacing), 4 (equal centering)")
}

func stackAlignment(_ raw: tether_stack_alignment) throws(StatusFailure) -> StackView.Alignment {
    try enumCase(raw, "alignment", isNot: "one of 0 (fill), 1 (leading/top), 2 (first baseline), 3 (center), 4 (trailing/bottom), 5 (last baseline)")
}

// MARK: Making

@c @implementation
public func tether_stack_view_new(_ engine: OpaquePointer!, _ frame: tether_rect,
                                  _ out: UnsafeMutablePointer<tether_view>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let out = try require(out, "out")
        let rect = try Rect(validating: frame, "frame")
        out.pointee = try checkLayout { () throws(LayoutError) in try box.engine.makeStackView(frame: rect) }.id
    }
}

// MARK: Arranged subviews

@c @implementation
public func tether_stack_view_add_arranged_subview(_ engine: OpaquePointer!, _ stack: tether_view,
                                                   _ view: tether_view) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let s = try box.stackView(stack)
        let v = try box.view(view)
        try checkLayout { () throws(LayoutError) in try s.addArrangedSubview(v) }
    }
}

@c @implementation
public func tether_stack_view_insert_arranged_subview(_ engine: OpaquePointer!, _ stack: tether_view,
                                                      _ view: tether_view, _ index: Int) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let s = try box.stackView(stack)
        let v = try box.view(view)
        let count = s.arrangedSubviews.count
        // A size_t above Int.max arrives negative: report it as the caller passed it.
        guard index >= 0 && index <= count else {
            throw invalidArgument("index \(UInt(bitPattern: index)) is outside 0...\(count) (the arranged subviews of \(s))")
        }
        try checkLayout { () throws(LayoutError) in try s.insertArrangedSubview(v, at: index) }
    }
}

@c @implementation
public func tether_stack_view_remove_arranged_subview(_ engine: OpaquePointer!, _ stack: tether_view,
                                                      _ view: tether_view) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let s = try box.stackView(stack)
        // As in UIKit, removing a view that is not arranged does nothing.
        s.removeArrangedSubview(try box.view(view))
    }
}

@c @implementation
public func tether_stack_view_arranged_subviews(_ engine: OpaquePointer!, _ stack: tether_view,
                                                _ out: UnsafeMutablePointer<tether_view>!, _ capacity: Int,
                                                _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let arranged = try box.stackView(stack).arrangedSubviews
        try copyIDs(arranged, { $0.id }, to: out, capacity: capacity, needed: needed, unit: "views")
    }
}

// MARK: Properties

@c @implementation
public func tether_stack_view_set_axis(_ engine: OpaquePointer!, _ stack: tether_view,
                                       _ axisRaw: tether_axis) -> tether_status {
    setProperty(engine, .stack, stack) { s throws(StatusFailure) in
        s.axis = try axis(axisRaw)
    }
}

@c @implementation
public func tether_stack_view_axis(_ engine: OpaquePointer!, _ stack: tether_view,
                                   _ out: UnsafeMutablePointer<tether_axis>!) -> tether_status {
    readProperty(engine, .stack, stack, out) { s in s.axis.rawValue }
}

@c @implementation
public func tether_stack_view_set_distribution(_ engine: OpaquePointer!, _ stack: tether_view,
                                               _ distribution: tether_stack_distribution) -> tether_status {
    setProperty(engine, .stack, stack) { s throws(StatusFailure) in
        s.distribution = try stackDistribution(distribution)
    }
}

@c @implementation
public func tether_stack_view_distribution(_ engine: OpaquePointer!, _ stack: tether_view,
                                           _ out: UnsafeMutablePointer<tether_stack_distribution>!) -> tether_status {
    readProperty(engine, .stack, stack, out) { s in s.distribution.rawValue }
}

@c @implementation
public func tether_stack_view_set_alignment(_ engine: OpaquePointer!, _ stack: tether_view,
                                            _ alignment: tether_stack_alignment) -> tether_status {
    setProperty(engine, .stack, stack) { s throws(StatusFailure) in
        s.alignment = try stackAlignment(alignment)
    }
}

@c @implementation
public func tether_stack_view_alignment(_ engine: OpaquePointer!, _ stack: tether_view,
                                        _ out: UnsafeMutablePointer<tether_stack_alignment>!) -> tether_status {
    readProperty(engine, .stack, stack, out) { s in s.alignment.rawValue }
}

@c @implementation
public func tether_stack_view_set_spacing(_ engine: OpaquePointer!, _ stack: tether_view,
                                          _ spacing: Double) -> tether_status {
    withObject(engine, .stack, stack) { s throws(LayoutError) in try s.setSpacing(spacing) }
}

@c @implementation
public func tether_stack_view_spacing(_ engine: OpaquePointer!, _ stack: tether_view,
                                      _ out: UnsafeMutablePointer<Double>!) -> tether_status {
    readProperty(engine, .stack, stack, out) { s in s.spacing }
}

@c @implementation
public func tether_stack_view_set_custom_spacing(_ engine: OpaquePointer!, _ stack: tether_view,
                                                 _ spacing: Double, _ after: tether_view) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let s = try box.stackView(stack)
        let v = try box.view(after, "after")
        try checkLayout { () throws(LayoutError) in try s.setCustomSpacing(spacing, after: v) }
    }
}

@c @implementation
public func tether_stack_view_custom_spacing(_ engine: OpaquePointer!, _ stack: tether_view,
                                             _ after: tether_view,
                                             _ out: UnsafeMutablePointer<Double>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let s = try box.stackView(stack)
        let v = try box.view(after, "after")
        try require(out, "out").pointee = s.customSpacing(after: v)
    }
}

@c @implementation
public func tether_stack_view_set_baseline_relative_arrangement(_ engine: OpaquePointer!, _ stack: tether_view,
                                                                _ enabled: Int32) -> tether_status {
    setProperty(engine, .stack, stack) { s throws(StatusFailure) in
        s.isBaselineRelativeArrangement = try flag(enabled, "enabled")
    }
}

@c @implementation
public func tether_stack_view_baseline_relative_arrangement(_ engine: OpaquePointer!, _ stack: tether_view,
                                                            _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    readProperty(engine, .stack, stack, out) { s in s.isBaselineRelativeArrangement ? 1 : 0 }
}

@c @implementation
public func tether_stack_view_set_layout_margins_relative_arrangement(_ engine: OpaquePointer!, _ stack: tether_view,
                                                                      _ enabled: Int32) -> tether_status {
    setProperty(engine, .stack, stack) { s throws(StatusFailure) in
        s.isLayoutMarginsRelativeArrangement = try flag(enabled, "enabled")
    }
}

@c @implementation
public func tether_stack_view_layout_margins_relative_arrangement(_ engine: OpaquePointer!, _ stack: tether_view,
                                                                  _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    readProperty(engine, .stack, stack, out) { s in s.isLayoutMarginsRelativeArrangement ? 1 : 0 }
}

// MARK: Inspection

@c @implementation
public func tether_stack_view_arrangement_constraints(_ engine: OpaquePointer!, _ stack: tether_view,
                                                      _ out: UnsafeMutablePointer<tether_layout_constraint>!,
                                                      _ capacity: Int,
                                                      _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let s = try box.stackView(stack)
        let list = try checkLayout { () throws(LayoutError) in try s.arrangementConstraints() }
        try copyIDs(list, { $0.id }, to: out, capacity: capacity, needed: needed, unit: "constraints")
    }
}

// MARK: Hidden views

@c @implementation
public func tether_view_set_hidden(_ engine: OpaquePointer!, _ view: tether_view, _ hidden: Int32) -> tether_status {
    setProperty(engine, .view, view) { v throws(StatusFailure) in
        v.isHidden = try flag(hidden, "hidden")
    }
}

@c @implementation
public func tether_view_is_hidden(_ engine: OpaquePointer!, _ view: tether_view,
                                  _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.isHidden ? 1 : 0 }
}
