import CTether
import Tether

// Views through the C ABI: hierarchy, frames, autoresizing, content size and measuring,
// priorities, insets, direction, system guides, hooks and passes. Each function validates its
// handle, ids, pointers, numbers and enums, then calls the Swift view model. No logic lives here.

// MARK: Making, freeing, hierarchy

@c @implementation
public func tether_view_new(_ engine: OpaquePointer!, _ frame: tether_rect,
                            _ out: UnsafeMutablePointer<tether_view>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let out = try require(out, "out")
        let rect = try Rect(validating: frame, "frame")
        out.pointee = try checkLayout { () throws(LayoutError) in try box.engine.makeView(frame: rect) }.id
    }
}

@c @implementation
public func tether_view_new_subview(_ engine: OpaquePointer!, _ parent: tether_view,
                                    _ identifier: UnsafePointer<CChar>!,
                                    _ out: UnsafeMutablePointer<tether_view>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let out = try require(out, "out")
        let superview = try box.view(parent, "parent")
        let name = try decodeString(identifier, "identifier")
        out.pointee = try checkLayout { () throws(LayoutError) in
            try box.engine.makeSubview(of: superview, identifier: name.isEmpty ? nil : name)
        }.id
    }
}

@c @implementation
public func tether_view_set_user_data(_ engine: OpaquePointer!, _ view: tether_view,
                                      _ data: UnsafeMutableRawPointer!) -> tether_status {
    setProperty(engine, .view, view) { v in v.hostData = data }
}

@c @implementation
public func tether_view_user_data(_ engine: OpaquePointer!, _ view: tether_view,
                                  _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let out = try require(out, "out")
        out.pointee = try box.view(view).hostData
    }
}

@c @implementation
public func tether_view_free(_ engine: OpaquePointer!, _ view: tether_view) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        box.engine.free(try box.view(view))
    }
}

@c @implementation
public func tether_view_add_subview(_ engine: OpaquePointer!, _ parent: tether_view,
                                    _ child: tether_view) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let p = try box.view(parent, "parent")
        let c = try box.view(child, "child")
        try checkLayout { () throws(LayoutError) in try p.addSubview(c) }
    }
}

@c @implementation
public func tether_view_insert_subview(_ engine: OpaquePointer!, _ parent: tether_view, _ child: tether_view,
                                       _ index: Int) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let p = try box.view(parent, "parent")
        let c = try box.view(child, "child")
        // Checked here, before the model detaches the child from its old superview.
        let count = p.subviews.count
        guard index >= 0 && index <= count else {
            throw invalidArgument("index \(UInt(bitPattern: index)) is outside 0...\(count) (the subviews of \(p))")
        }
        try checkLayout { () throws(LayoutError) in try p.insertSubview(c, at: index) }
    }
}

@c @implementation
public func tether_view_remove_from_superview(_ engine: OpaquePointer!, _ view: tether_view) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try box.view(view).removeFromSuperview()
    }
}

@c @implementation
public func tether_view_superview(_ engine: OpaquePointer!, _ view: tether_view,
                                  _ out: UnsafeMutablePointer<tether_view>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let out = try require(out, "out")
        out.pointee = v.superview?.id ?? 0
    }
}

@c @implementation
public func tether_view_subviews(_ engine: OpaquePointer!, _ view: tether_view,
                                 _ out: UnsafeMutablePointer<tether_view>!, _ capacity: Int,
                                 _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let subviews = try box.view(view).subviews
        try copyIDs(subviews, { $0.id }, to: out, capacity: capacity, needed: needed, unit: "views")
    }
}

// MARK: Frames

@c @implementation
public func tether_view_set_frame(_ engine: OpaquePointer!, _ view: tether_view,
                                  _ frame: tether_rect) -> tether_status {
    setProperty(engine, .view, view) { v throws(StatusFailure) in
        v.frame = try Rect(validating: frame, "frame")
    }
}

@c @implementation
public func tether_view_frame(_ engine: OpaquePointer!, _ view: tether_view,
                              _ out: UnsafeMutablePointer<tether_rect>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.frame.cValue }
}

@c @implementation
public func tether_view_unrounded_frame(_ engine: OpaquePointer!, _ view: tether_view,
                                        _ out: UnsafeMutablePointer<tether_rect>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.unroundedFrame.cValue }
}

@c @implementation
public func tether_view_subtree_frames(_ engine: OpaquePointer!, _ root: tether_view,
                                       _ views: UnsafeMutablePointer<tether_view>!,
                                       _ frames: UnsafeMutablePointer<tether_rect>!, _ capacity: Int,
                                       _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    readSubtreeFrames(engine, root, views, frames, capacity, needed) { v in v.frame }
}

// MARK: Autoresizing

@c @implementation
public func tether_view_set_translates_autoresizing_mask(_ engine: OpaquePointer!, _ view: tether_view,
                                                         _ translates: Int32) -> tether_status {
    setProperty(engine, .view, view) { v throws(StatusFailure) in
        v.translatesAutoresizingMaskIntoConstraints = try flag(translates, "translates")
    }
}

@c @implementation
public func tether_view_translates_autoresizing_mask(_ engine: OpaquePointer!, _ view: tether_view,
                                                     _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.translatesAutoresizingMaskIntoConstraints ? 1 : 0 }
}

@c @implementation
public func tether_view_set_autoresizing_mask(_ engine: OpaquePointer!, _ view: tether_view,
                                              _ mask: tether_autoresizing) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        guard let m = AutoresizingMask(validating: mask) else {
            throw invalidArgument("autoresizing mask \(mask) has bits above 32 (the six defined bits make at most 63)")
        }
        v.autoresizingMask = m
    }
}

@c @implementation
public func tether_view_autoresizing_mask(_ engine: OpaquePointer!, _ view: tether_view,
                                          _ out: UnsafeMutablePointer<tether_autoresizing>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.autoresizingMask.rawValue }
}

@c @implementation
public func tether_view_set_autoresizes_subviews(_ engine: OpaquePointer!, _ view: tether_view,
                                                 _ autoresizes: Int32) -> tether_status {
    setProperty(engine, .view, view) { v throws(StatusFailure) in
        v.autoresizesSubviews = try flag(autoresizes, "autoresizes")
    }
}

@c @implementation
public func tether_view_autoresizes_subviews(_ engine: OpaquePointer!, _ view: tether_view,
                                             _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.autoresizesSubviews ? 1 : 0 }
}

// MARK: Content size and measuring

@c @implementation
public func tether_view_set_intrinsic_content_size(_ engine: OpaquePointer!, _ view: tether_view,
                                                   _ size: tether_size) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        for (value, name) in [(size.width, "width"), (size.height, "height")] {
            guard value == View.noIntrinsicMetric || (value.isFinite && value >= 0) else {
                throw invalidArgument("intrinsic content \(name) must be finite and >= 0, or TETHER_NO_INTRINSIC_METRIC (-1); got \(value)")
            }
        }
        v.intrinsicContentSize = Size(width: size.width, height: size.height)
    }
}

@c @implementation
public func tether_view_intrinsic_content_size(_ engine: OpaquePointer!, _ view: tether_view,
                                               _ out: UnsafeMutablePointer<tether_size>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.intrinsicContentSize.cValue }
}

@c @implementation
public func tether_view_invalidate_intrinsic_content_size(_ engine: OpaquePointer!,
                                                          _ view: tether_view) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try box.view(view).invalidateIntrinsicContentSize()
    }
}

@c @implementation
public func tether_view_set_measured(_ engine: OpaquePointer!, _ view: tether_view,
                                     _ measured: Int32) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        v.measure = try flag(measured, "measured") ? box.measureClosure(for: v.id) : nil
    }
}

// MARK: Content priorities

@c @implementation
public func tether_view_set_content_hugging_priority(_ engine: OpaquePointer!, _ view: tether_view,
                                                     _ axisRaw: tether_axis, _ priority: Float) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let a = try axis(axisRaw)
        let p = try layoutPriority(priority)
        try checkLayout { () throws(LayoutError) in try v.setContentHuggingPriority(p, for: a) }
    }
}

@c @implementation
public func tether_view_content_hugging_priority(_ engine: OpaquePointer!, _ view: tether_view,
                                                 _ axisRaw: tether_axis,
                                                 _ out: UnsafeMutablePointer<Float>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let a = try axis(axisRaw)
        try require(out, "out").pointee = v.contentHuggingPriority(for: a).rawValue
    }
}

@c @implementation
public func tether_view_set_compression_resistance_priority(_ engine: OpaquePointer!, _ view: tether_view,
                                                            _ axisRaw: tether_axis,
                                                            _ priority: Float) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let a = try axis(axisRaw)
        let p = try layoutPriority(priority)
        try checkLayout { () throws(LayoutError) in try v.setContentCompressionResistancePriority(p, for: a) }
    }
}

@c @implementation
public func tether_view_compression_resistance_priority(_ engine: OpaquePointer!, _ view: tether_view,
                                                        _ axisRaw: tether_axis,
                                                        _ out: UnsafeMutablePointer<Float>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let a = try axis(axisRaw)
        try require(out, "out").pointee = v.contentCompressionResistancePriority(for: a).rawValue
    }
}

// MARK: Insets and margins

@c @implementation
public func tether_view_set_alignment_rect_insets(_ engine: OpaquePointer!, _ view: tether_view,
                                                  _ insets: tether_insets) -> tether_status {
    setProperty(engine, .view, view) { v throws(StatusFailure) in
        v.alignmentRectInsets = try EdgeInsets(validating: insets, "alignment rect insets")
    }
}

@c @implementation
public func tether_view_alignment_rect_insets(_ engine: OpaquePointer!, _ view: tether_view,
                                              _ out: UnsafeMutablePointer<tether_insets>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.alignmentRectInsets.cValue }
}

// MARK: Direction and baselines

@c @implementation
public func tether_view_set_semantic_content_attribute(_ engine: OpaquePointer!, _ view: tether_view,
                                                       _ value: tether_semantic_content_attribute) -> tether_status {
    setProperty(engine, .view, view) { v throws(StatusFailure) in
        v.semanticContentAttribute = try semanticContentAttribute(value)
    }
}

@c @implementation
public func tether_view_semantic_content_attribute(_ engine: OpaquePointer!, _ view: tether_view,
                                                   _ out: UnsafeMutablePointer<tether_semantic_content_attribute>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.semanticContentAttribute.rawValue }
}

@c @implementation
public func tether_view_effective_layout_direction(_ engine: OpaquePointer!, _ view: tether_view,
                                                   _ out: UnsafeMutablePointer<tether_layout_direction>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.effectiveUserInterfaceLayoutDirection.rawValue }
}

@c @implementation
public func tether_view_set_baselines(_ engine: OpaquePointer!, _ view: tether_view, _ firstFromTop: Double,
                                      _ lastFromBottom: Double) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        guard !firstFromTop.isInfinite else { throw invalidArgument("first_from_top must be finite or NaN (none), got \(firstFromTop)") }
        guard !lastFromBottom.isInfinite else { throw invalidArgument("last_from_bottom must be finite or NaN (none), got \(lastFromBottom)") }
        v.firstBaselineOffsetFromTop = firstFromTop.isNaN ? nil : firstFromTop
        v.lastBaselineOffsetFromBottom = lastFromBottom.isNaN ? nil : lastFromBottom
    }
}

// MARK: System guides

@c @implementation
public func tether_view_layout_margins_guide(_ engine: OpaquePointer!, _ view: tether_view,
                                             _ out: UnsafeMutablePointer<tether_guide>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.layoutMarginsGuide.id }
}

@c @implementation
public func tether_view_safe_area_layout_guide(_ engine: OpaquePointer!, _ view: tether_view,
                                               _ out: UnsafeMutablePointer<tether_guide>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.safeAreaLayoutGuide.id }
}

// MARK: Hooks and passes

@c @implementation
public func tether_view_set_hooks_enabled(_ engine: OpaquePointer!, _ view: tether_view,
                                          _ enabled: Int32) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        if try flag(enabled, "enabled") {
            v.updateConstraintsHook = box.updateConstraintsClosure()
            v.layoutSubviewsHook = box.layoutSubviewsClosure()
        } else {
            v.updateConstraintsHook = nil
            v.layoutSubviewsHook = nil
        }
    }
}

@c @implementation
public func tether_view_set_needs_layout(_ engine: OpaquePointer!, _ view: tether_view) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try box.view(view).setNeedsLayout()
    }
}

@c @implementation
public func tether_view_set_needs_update_constraints(_ engine: OpaquePointer!, _ view: tether_view) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try box.view(view).setNeedsUpdateConstraints()
    }
}

@c @implementation
public func tether_view_layout_if_needed(_ engine: OpaquePointer!, _ view: tether_view) -> tether_status {
    withObject(engine, .view, view) { v throws(LayoutError) in try v.layoutIfNeeded() }
}

@c @implementation
public func tether_view_system_layout_size_fitting(_ engine: OpaquePointer!, _ view: tether_view,
                                                   _ target: tether_size, _ horizontalPriority: Float,
                                                   _ verticalPriority: Float,
                                                   _ out: UnsafeMutablePointer<tether_size>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let out = try require(out, "out")
        let width = try finite(target.width, "target width")
        let height = try finite(target.height, "target height")
        let hp = try layoutPriority(horizontalPriority)
        let vp = try layoutPriority(verticalPriority)
        out.pointee = try checkLayout { () throws(LayoutError) in
            try v.systemLayoutSizeFitting(Size(width: width, height: height), horizontalPriority: hp,
                                          verticalPriority: vp)
        }.cValue
    }
}

// MARK: Autoresizing inspection

@c @implementation
public func tether_view_constraints_equivalent_to_autoresizing_mask(
    _ engine: OpaquePointer!, _ view: tether_view, _ out: UnsafeMutablePointer<tether_layout_constraint>!,
    _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!
) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let list = try box.view(view).constraintsEquivalentToAutoresizingMask()
        try copyIDs(list, { $0.id }, to: out, capacity: capacity, needed: needed, unit: "constraints")
    }
}

// MARK: Getters for the measuring flag, baselines and owned guides

@c @implementation
public func tether_view_measured(_ engine: OpaquePointer!, _ view: tether_view,
                                 _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    readProperty(engine, .view, view, out) { v in v.measure == nil ? 0 : 1 }
}

@c @implementation
public func tether_view_baselines(_ engine: OpaquePointer!, _ view: tether_view,
                                  _ firstFromTop: UnsafeMutablePointer<Double>!,
                                  _ lastFromBottom: UnsafeMutablePointer<Double>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let first = try require(firstFromTop, "first_from_top")
        let last = try require(lastFromBottom, "last_from_bottom")
        first.pointee = v.firstBaselineOffsetFromTop ?? .nan
        last.pointee = v.lastBaselineOffsetFromBottom ?? .nan
    }
}

@c @implementation
public func tether_view_layout_guides(_ engine: OpaquePointer!, _ view: tether_view,
                                      _ out: UnsafeMutablePointer<tether_guide>!, _ capacity: Int,
                                      _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let guides = try box.view(view).layoutGuides
        try copyIDs(guides, { $0.id }, to: out, capacity: capacity, needed: needed, unit: "guides")
    }
}
