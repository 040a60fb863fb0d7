#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CTether
import FuzzSupport

/// The operations added for issue 20 (chosen by operation bytes 192...199 and 248...255, then a
/// byte choosing among them), each with an oracle of its own (and those of issue 25, animation:
/// Animation.swift):
/// - cross-engine ids: an id made by another engine, live or freed, is TETHER_E_INVALID_ID in
///   every call that takes it (the other arguments being valid);
/// - deep and wide hierarchies (up to 3,000 levels or siblings), laid out, traced, drawn, saved and
///   freed: no stack overflow, frames for every view, a document refused beyond 253 levels;
/// - huge counts and lengths (2^63 and more, 2^40 variables, UINT32_MAX terms): only
///   TETHER_E_INVALID_ARGUMENT or TETHER_E_NO_MEMORY, and the solver's dump unchanged;
/// - special numbers (NaN, ±∞, ±1.7e308, -0, 5e-324) wherever numbers are taken: no NaN or
///   infinity taken as a frame or constant, a solution that overflows is refused with the solver
///   unchanged, an SVG never says "inf" or "nan", and whatever tether_document_save writes,
///   tether_document_load reads.
extension Program {
    static let maxHierarchy = 3000
    static let maxHierarchyViews = 3400
    static let specials: [Double] = [.nan, .infinity, -.infinity, 1.7e308, -1.7e308, -0.0, 5e-324, 1e308, 0, 1]
    /// size_t values of 2^63 and more, and counts nothing can allocate.
    /// (Only tether_solver_variables_new gets the ones below 2^63: it must find it cannot allocate
    /// them before writing to `out`. Other calls read or write that many elements of the caller's
    /// arrays, which the caller promises hold them: only a count of 2^63 or more is known wrong.)
    static let hugeCounts: [Int] = [Int(bitPattern: UInt.max), Int(bitPattern: UInt.max / 2 + 1), Int(bitPattern: UInt.max - 1)]
    static let unallocatableCounts: [Int] = [1 << 40, 1 << 62, Int.max]

    func extendedStep(_ input: inout FuzzInput) {
        switch input.byte() % 8 {
        case 0:
            crossEngine(&input)
            wrongKind(&input)
        case 1: animationStep(&input)
        case 2: hierarchy(&input)
        case 3: hugeCounts(&input)
        case 4: solverOverflow(&input)
        case 5: svgNumbers(&input)
        case 6: documentRoundTrip(&input)
        default: specialNumbers(&input)
        }
    }

    func live(_ input: inout FuzzInput) -> EngineState? {
        engines.isEmpty ? nil : engines[input.below(engines.count)]
    }

    func liveSolver(_ input: inout FuzzInput) -> SolverState? {
        solvers.isEmpty ? nil : solvers[input.below(solvers.count)]
    }

    /// The engine's tag (bits 52-63 of its ids), made known by making a view when needed.
    func tag(of e: EngineState) -> UInt64? {
        if let id = (e.views + e.guides + e.constraints).first { return id >> 52 }
        var v: tether_view = 0
        guard check(tether_view_new(e.handle, tether_rect(x: 0, y: 0, width: 10, height: 10), &v), "view_new(tag)") == TETHER_OK
        else { return nil }
        e.views.append(v)
        return v >> 52
    }

    /// Text from a two-call function, asking for the size first.
    func text(_ what: StaticString, _ call: (UnsafeMutablePointer<CChar>?, Int, UnsafeMutablePointer<Int>?) -> tether_status)
        -> (tether_status, String?) {
        var needed = 0
        var status = check(call(nil, 0, &needed), what)
        guard status == TETHER_OK || status == TETHER_E_BUFFER_TOO_SMALL else { return (status, nil) }
        if needed > 64 << 20 { fuzzFailure("\(what): needed \(needed) bytes") }
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(needed, 1))
        defer { buffer.deallocate() }
        var again = 0
        status = check(call(buffer, needed, &again), what)
        guard status == TETHER_OK else { return (status, nil) }
        if again != needed || buffer[needed - 1] != 0 { fuzzFailure("\(what): needed \(needed) then \(again), or no NUL") }
        return (status, String(cString: buffer))
    }

    func dump(_ h: OpaquePointer) -> String? {
        text("solver_dump") { tether_solver_dump(h, $0, $1, $2) }.1
    }

    // MARK: Cross-engine ids

    func crossEngine(_ input: inout FuzzInput) {
        guard let e = live(&input), let tag = tag(of: e) else { return }
        let h = e.handle
        var foreign = engines.filter { $0 !== e }.flatMap { $0.views + $0.guides + $0.constraints } + freedEngineIDs
        var temporary: OpaquePointer? = nil
        if foreign.isEmpty || input.byte() < 40 {
            // Another engine with a view, a guide and a constraint, maybe freed before they are used.
            guard check(tether_engine_new(&temporary), "engine_new(other)") == TETHER_OK, let other = temporary else { return }
            var v: tether_view = 0, w: tether_view = 0, g: tether_guide = 0, c: tether_layout_constraint = 0
            if check(tether_view_new(other, tether_rect(x: 0, y: 0, width: 100, height: 100), &v), "view_new(other)") == TETHER_OK,
               check(tether_view_new(other, tether_rect(x: 0, y: 0, width: 10, height: 10), &w), "view_new(other)") == TETHER_OK,
               check(tether_view_add_subview(other, v, w), "add_subview(other)") == TETHER_OK,
               check(tether_guide_new(other, &g), "guide_new(other)") == TETHER_OK,
               check(tether_layout_constraint_new(other, w, 3, 0, v, 3, 1, 4, 1000, &c), "lc_new(other)") == TETHER_OK {
                foreign = [v, w, g, c]
            }
            if input.bool() {
                check(tether_engine_free(other), "engine_free(other)")
                temporary = nil
            }
        }
        defer { if let temporary { check(tether_engine_free(temporary), "engine_free(other)") } }
        foreign = foreign.filter { $0 >> 52 != tag && $0 != 0 }
        guard !foreign.isEmpty else { return }
        let own = e.views.isEmpty ? 0 : e.views[input.below(e.views.count)]
        for _ in 0..<(1 + input.below(3)) {
            let f = foreign[input.below(foreign.count)]
            let call = input.byte() % 16
            if Self.tracing { traceLine("cross-engine call \(call) on \(h) with \(f) (tag \(f >> 52), engine tag \(tag))") }
            var status: tether_status
            var rect = tether_rect()
            switch call {
            case 0: status = tether_view_frame(h, f, &rect)
            case 1: status = tether_view_free(h, f)
            case 2: status = input.bool() ? tether_view_add_subview(h, own, f) : tether_view_add_subview(h, f, own)
            case 3:
                var out: tether_view = 0
                status = tether_view_superview(h, f, &out)
            case 4: status = tether_layout_constraint_set_active(h, f, 1)
            case 5:
                var info = tether_layout_constraint_info()
                status = tether_layout_constraint_info_get(h, f, &info)
            case 6: status = tether_guide_layout_frame(h, f, &rect)
            case 7: status = tether_guide_free(h, f)
            case 8:
                var needed = 0
                status = tether_item_description(h, f, nil, 0, &needed)
            case 9:
                var needed = 0
                status = tether_view_autolayout_trace(h, f, nil, 0, &needed)
            case 10:
                var out: tether_layout_constraint = 0
                status = input.bool() ? tether_layout_constraint_new(h, f, 3, 0, own, 3, 1, 0, 1000, &out)
                                      : tether_layout_constraint_new(h, own, 3, 0, f, 3, 1, 0, 1000, &out)
                if status == TETHER_OK { e.constraints.append(out) }
            case 11: status = tether_stack_view_add_arranged_subview(h, f, own)
            case 12:
                var ids = [f]
                var failed = 0
                status = tether_layout_constraint_activate(h, &ids, 1, &failed)
            case 13: status = tether_layout_constraint_set_constant(h, f, 5)
            case 14: status = tether_view_set_frame(h, f, tether_rect(x: 0, y: 0, width: 5, height: 5))
            default: status = tether_item_set_identifier(h, f, "foreign")
            }
            check(status, "cross-engine call")
            if status != TETHER_E_INVALID_ID {
                fuzzFailure("cross-engine id: call \(call) on an engine with tag \(tag) given id \(f) of engine tag \(f >> 52) "
                            + "returned \(String(cString: tether_status_name(status))), expected TETHER_E_INVALID_ID")
            }
        }
    }

    // MARK: Deep and wide hierarchies

    func hierarchy(_ input: inout FuzzInput) {
        guard let e = live(&input) else { return }
        let h = e.handle
        // Mostly up to 32 views, 260 (past the 253 levels a document holds) on 8 of 256 and
        // 3,000 on 8 of 256; at most `maxHierarchyViews` views per program, so that an execution
        // stays fast (a view costs about as much as a short operation).
        let size = input.byte()
        var n = size < 240 ? 1 + Int(size % 32) : size < 248 ? 260 : Self.maxHierarchy
        if hierarchyViews + n > Self.maxHierarchyViews { n = min(n, 8) }
        hierarchyViews += n
        let wide = input.bool()
        let actions = input.byte()
        var root: tether_view = 0
        guard check(tether_view_new(h, tether_rect(x: 0, y: 0, width: 400, height: 300), &root), "view_new(big root)") == TETHER_OK
        else { return }
        var ids = [root]
        ids.reserveCapacity(n + 1)
        var parent = root
        for _ in 0..<n {
            var v: tether_view = 0
            guard check(tether_view_new(h, tether_rect(x: 1, y: 1, width: 300, height: 200), &v), "view_new(big)") == TETHER_OK,
                  check(tether_view_add_subview(h, wide ? root : parent, v), "add_subview(big)") == TETHER_OK
            else { fuzzFailure("hierarchy: could not make view \(ids.count) of \(n)") }
            ids.append(v)
            parent = v
        }
        if Self.tracing { traceLine("hierarchy: \(wide ? "wide" : "deep") \(n), actions \(actions)") }
        let leaf = ids[ids.count - 1]
        if actions & 1 != 0 {
            var c: tether_layout_constraint = 0
            if check(tether_view_set_translates_autoresizing_mask(h, leaf, 0), "set_translates(leaf)") == TETHER_OK,
               check(tether_layout_constraint_new(h, leaf, 7, 0, 0, 0, 0, 33, 1000, &c), "lc_new(leaf)") == TETHER_OK {
                check(tether_layout_constraint_set_active(h, c, 1), "set_active(leaf)")
            }
            check(tether_view_layout_if_needed(h, root), "layout_if_needed(big)")
        }
        if actions & 2 != 0 {
            let traced = input.bool() ? root : leaf
            let (status, trace) = text("autolayout_trace(big)") { tether_view_autolayout_trace(h, traced, $0, $1, $2) }
            if status == TETHER_OK, trace?.isEmpty ?? true { fuzzFailure("autolayout_trace of a big hierarchy is empty") }
        }
        if actions & 4 != 0 {
            var needed = 0
            let count = ids.count
            let views = UnsafeMutablePointer<tether_view>.allocate(capacity: count)
            let frames = UnsafeMutablePointer<tether_rect>.allocate(capacity: count)
            defer { views.deallocate(); frames.deallocate() }
            let status = check(tether_view_subtree_frames(h, root, views, frames, count, &needed), "subtree_frames(big)")
            if status != TETHER_OK || needed != count {
                fuzzFailure("subtree_frames of \(count) views: \(status), needed \(needed)")
            }
        }
        if actions & 8 != 0 {
            let (status, document) = text("document_save(big)") { tether_document_save(h, root, $0, $1, $2) }
            if !wide && n > 253 {
                if status != TETHER_E_INVALID_STATE { fuzzFailure("document_save of \(n) levels gave \(status), not TETHER_E_INVALID_STATE") }
            } else if status == TETHER_OK, let document {
                load(document, "document_load(big)")
            }
        }
        if actions & 16 != 0 {
            var options = tether_svg_options(struct_size: UInt32(MemoryLayout<tether_svg_options>.size),
                                             flags: UInt32(TETHER_SVG_DEFAULT_FLAGS), scale: 1, padding: 8,
                                             presentation_time: 0)
            var needed = 0
            check(tether_view_render_svg(h, root, &options, nil, 0, &needed), "render_svg(big)")
        }
        switch actions >> 5 {
        case 0, 1, 2:
            check(tether_view_free(h, root), "view_free(big root)")
            var rect = tether_rect()
            if check(tether_view_frame(h, leaf, &rect), "view_frame(freed leaf)") != TETHER_E_INVALID_ID {
                fuzzFailure("hierarchy: the leaf of a freed root is still live")
            }
        case 3, 4:
            // Free from the middle, then the rest.
            let middle = ids[ids.count / 2]
            check(tether_view_free(h, middle), "view_free(big middle)")
            if check(tether_view_free(h, root), "view_free(big root)") != TETHER_OK { fuzzFailure("hierarchy: could not free the root") }
        case 5:
            // Cut it off in the middle and lay both halves out.
            let middle = ids[ids.count / 2]
            check(tether_view_remove_from_superview(h, middle), "remove_from_superview(big middle)")
            check(tether_view_layout_if_needed(h, middle), "layout_if_needed(big middle)")
            check(tether_view_free(h, middle), "view_free(big middle)")
            check(tether_view_free(h, root), "view_free(big root)")
        default:
            // Keep it (a few ids in the pools: later operations work on it), at most one per
            // program, and not a big one: every later pass would lay out its thousands of views
            // (run 10 timed out so).
            if keptHierarchy || n > 64 {
                check(tether_view_free(h, root), "view_free(big root)")
            } else {
                keptHierarchy = true
                e.views += [root, leaf, ids[ids.count / 2]]
            }
        }
    }

    /// `text` must load into a new engine (the round-trip oracle).
    func load(_ document: String, _ what: StaticString) {
        var other: OpaquePointer? = nil
        guard check(tether_engine_new(&other), "engine_new(load)") == TETHER_OK, let other else { return }
        defer { check(tether_engine_free(other), "engine_free(load)") }
        var bytes = Array(document.utf8)
        var needed = 0
        let status = bytes.withUnsafeMutableBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) {
                tether_document_load(other, $0, b.count, nil, 0, &needed)
            }
        }
        check(status, what)
        if status != TETHER_OK && status != TETHER_E_BUFFER_TOO_SMALL {
            fuzzFailure("tether_document_load refused what tether_document_save wrote: \(String(cString: tether_status_name(status))): "
                        + "\(String(cString: tether_last_error()))\n--- document ---\n\(document.prefix(4000))")
        }
    }

    // MARK: Huge counts

    func hugeCounts(_ input: inout FuzzInput) {
        let op = input.byte() % 10
        let count = input.pick(op == 0 ? Self.hugeCounts + Self.unallocatableCounts : Self.hugeCounts)
        if Self.tracing { traceLine("huge count \(UInt(bitPattern: count)) in call \(op)") }
        func expectRefused(_ status: tether_status, _ what: String) {
            if status != TETHER_E_INVALID_ARGUMENT && status != TETHER_E_NO_MEMORY {
                fuzzFailure("\(what) with count \(UInt(bitPattern: count)) returned "
                            + "\(String(cString: tether_status_name(status))), expected INVALID_ARGUMENT or NO_MEMORY")
            }
        }
        if op < 5 {
            guard let s = liveSolver(&input) else { return }
            let h = s.handle
            let before = dump(h)
            var ids = [tether_variable](repeating: s.variables.first ?? 0, count: 4)
            var values = [Double](repeating: 1, count: 4)
            var out = [UInt64](repeating: 0, count: 4)
            var failed = 0
            switch op {
            case 0:
                expectRefused(check(tether_solver_variables_new(h, nil, count, &out, &failed), "variables_new(huge)"), "variables_new")
            case 1:
                var terms: [UInt32] = [UInt32.max, 1]
                var constants = [0.0, 0.0]
                let n = input.bool() ? 1 : count
                let status = check(tether_solver_constraints_new_batch(h, n, &terms, &ids, &values, &constants, nil, nil, &out, &failed),
                                   "constraints_new_batch(huge)")
                if n == 1 { expectRefused(status, "constraints_new_batch(term count UINT32_MAX)") } else { expectRefused(status, "constraints_new_batch") }
            case 2:
                var cs = [tether_constraint](repeating: s.constraints.first ?? 0, count: 4)
                expectRefused(check(tether_solver_constraint_add_batch(h, &cs, count, &failed), "add_batch(huge)"), "constraint_add_batch")
            case 3:
                expectRefused(check(tether_solver_variable_values(h, &ids, count, &values), "variable_values(huge)"), "variable_values")
            default:
                expectRefused(check(tether_solver_edit_suggest_batch(h, &ids, &values, count), "edit_suggest_batch(huge)"), "edit_suggest_batch")
            }
            if dump(h) != before { fuzzFailure("a call refused for count \(UInt(bitPattern: count)) changed the solver's dump") }
            return
        }
        guard let e = live(&input) else { return }
        let h = e.handle
        let own = e.views.first ?? 0
        switch op {
        case 5:
            var json = Array("{}".utf8CString)
            var roots = [tether_view](repeating: 0, count: 4)
            var needed = 7
            expectRefused(check(tether_document_load(h, &json, count, &roots, 4, &needed), "document_load(huge)"), "document_load")
            if needed != 7 { fuzzFailure("document_load wrote needed on failure") }
        case 6:
            let names: [UnsafeMutablePointer<CChar>?] = [strdup("m"), strdup("v0")]
            defer { names.forEach { free($0) } }
            var metricNames: [UnsafePointer<CChar>?] = [UnsafePointer(names[0])]
            var viewNames: [UnsafePointer<CChar>?] = [UnsafePointer(names[1])]
            var metrics = [8.0]
            var items = [own]
            var needed = 0
            var position = 0
            let swap = input.bool()
            let status = tether_layout_constraints_with_visual_format(h, "H:|-m-[v0]|", 0, &metricNames, &metrics, swap ? 1 : count,
                                                                      &viewNames, &items, swap ? count : 1, nil, 0, &needed, &position)
            expectRefused(check(status, "visual_format(huge)"), swap ? "visual_format item_count" : "visual_format metric_count")
        case 7:
            var cs = [tether_layout_constraint](repeating: e.constraints.first ?? 0, count: 4)
            var failed = 0
            if input.bool() {
                expectRefused(check(tether_layout_constraint_activate(h, &cs, count, &failed), "activate(huge)"), "activate")
            } else {
                expectRefused(check(tether_layout_constraint_deactivate(h, &cs, count), "deactivate(huge)"), "deactivate")
            }
        default:
            // A capacity of SIZE_MAX means "large enough": fine for a buffer that is large enough.
            var needed = 0
            let (status, _) = text("item_description") { tether_item_description(h, own, $0, $1, $2) }
            if status == TETHER_OK {
                check(tether_item_description(h, own, nil, 0, &needed), "item_description(size)")
                let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: needed)
                defer { buffer.deallocate() }
                let again = check(tether_item_description(h, own, buffer, Int(bitPattern: UInt.max), &needed), "item_description(SIZE_MAX)")
                if again != TETHER_OK { fuzzFailure("item_description with capacity SIZE_MAX failed: \(again)") }
            }
        }
    }

    // MARK: Special numbers

    func special(_ input: inout FuzzInput) -> Double {
        input.byte() < 200 ? input.pick(Self.specials) : input.double()
    }

    /// x == 1.7e308 holds; y == x + x at priority 500 would make y infinite: refused, the solver unchanged.
    func solverOverflow(_ input: inout FuzzInput) {
        // A solver of its own: in one of the program's, x = 1.7e308 would stay and make later
        // constraints overflow (the final check's fresh system among them).
        let own: SolverState? = nil
        var temporary: OpaquePointer? = nil
        if own == nil {
            guard check(tether_solver_new(&temporary), "solver_new(overflow)") == TETHER_OK else { return }
        }
        guard let h = own?.handle ?? temporary else { return }
        defer { if let temporary { check(tether_solver_free(temporary), "solver_free(overflow)") } }
        let big = input.pick([1.7e308, -1.7e308, 1e308, 9e307])
        own?.note(constant: big)
        illConditionedCall = own?.illConditioned ?? false
        let (outerSolver, outerIll) = (currentSolver, illConditionedCall)
        currentSolver = own?.handle
        defer { (currentSolver, illConditionedCall) = (outerSolver, outerIll) }
        var x: tether_variable = 0, y: tether_variable = 0
        guard check(tether_solver_variable_new(h, "x", &x), "variable_new(x)") == TETHER_OK,
              check(tether_solver_variable_new(h, "y", &y), "variable_new(y)") == TETHER_OK else { return }
        var c1: tether_constraint = 0, c2: tether_constraint = 0
        var vars = [x], coefficients = [1.0]
        guard check(tether_solver_constraint_new(h, &vars, &coefficients, 1, -big, 0, 1000, &c1), "constraint_new(x == big)") == TETHER_OK
        else { fuzzFailure("x == \(big) could not be made") }
        let first = check(tether_solver_constraint_add(h, c1), "constraint_add(x == big)")
        if own == nil && first != TETHER_OK { fuzzFailure("x == \(big) in a new solver: \(first): \(String(cString: tether_last_error()))") }
        vars = [y, x]
        coefficients = [1, -2]
        let priority = input.pick([500.0, 1000, 1, 999])
        guard check(tether_solver_constraint_new(h, &vars, &coefficients, 2, 0, 0, priority, &c2), "constraint_new(y == 2x)") == TETHER_OK
        else { fuzzFailure("y == x + x could not be made") }
        let before = dump(h)
        let status = check(tether_solver_constraint_add(h, c2), "constraint_add(y == x + x)")
        if first == TETHER_OK && own == nil {
            if status != TETHER_E_INVALID_ARGUMENT {
                fuzzFailure("x == \(big), y == x + x at \(priority): constraint_add returned \(String(cString: tether_status_name(status))), "
                            + "expected TETHER_E_INVALID_ARGUMENT")
            }
        }
        if status != TETHER_OK && dump(h) != before { fuzzFailure("a refused constraint_add (y == x + x) changed the solver's dump") }
        if own == nil {
            var value = 0.0
            if check(tether_solver_update(h), "update(overflow)") == TETHER_OK,
               check(tether_solver_variable_value(h, x, &value), "variable_value(x)") == TETHER_OK && first == TETHER_OK && value != big {
                fuzzFailure("x == \(big) solved as \(value)")
            }
        }
        if let own {
            own.variables += [x, y]
            own.constraints += [c1, c2]
        }
    }

    /// Scales and paddings that overflow the document's size: refused; an SVG never says inf or nan.
    func svgNumbers(_ input: inout FuzzInput) {
        guard let e = live(&input), !e.views.isEmpty else { return }
        let h = e.handle
        let v = e.views[input.below(e.views.count)]
        let scale = input.byte() < 100 ? 1e308 : special(&input)
        let padding = input.byte() < 128 ? 8 : special(&input)
        var options = tether_svg_options(struct_size: UInt32(MemoryLayout<tether_svg_options>.size),
                                         flags: UInt32(TETHER_SVG_DEFAULT_FLAGS), scale: scale, padding: padding,
                                         presentation_time: 0)
        let (status, svg) = text("render_svg") { tether_view_render_svg(h, v, &options, $0, $1, $2) }
        if status == TETHER_OK {
            // Scale 1e308 is not refused by itself: a view of size 0 with padding 0 makes a
            // document of size 0 at any scale (found by this harness, seed 1; the SVG it wrote
            // was finite). What must never be accepted is a non-finite or non-positive scale or
            // padding, and any number in the SVG that is not finite (below).
            if !scale.isFinite || scale <= 0 || !padding.isFinite || padding < 0 {
                fuzzFailure("render_svg accepted scale \(scale), padding \(padding)")
            }
            // Numbers are attributes; titles are text for people ("anywhere in [-inf, inf]").
            if let svg, svg.split(separator: "<").contains(where: { tag in
                !tag.hasPrefix("title>") && tag.split(separator: "\"").enumerated().contains {
                    $0.offset % 2 == 1 && ($0.element.contains("inf") || $0.element.lowercased().contains("nan"))
                }
            }) {
                fuzzFailure("render_svg (scale \(scale), padding \(padding)) wrote a non-finite number:\n\(svg.prefix(2000))")
            }
        }
    }

    /// Special numbers in frames and constants, then save: whatever is saved loads.
    func documentRoundTrip(_ input: inout FuzzInput) {
        guard let e = live(&input), !e.views.isEmpty else { return }
        let h = e.handle
        let v = e.views[input.below(e.views.count)]
        for _ in 0..<input.below(4) {
            switch input.byte() % 4 {
            case 0: check(tether_view_set_frame(h, v, tether_rect(x: special(&input), y: special(&input),
                                                                  width: special(&input), height: special(&input))), "set_frame(special)")
            case 1:
                if !e.constraints.isEmpty {
                    check(tether_layout_constraint_set_constant(h, e.constraints[input.below(e.constraints.count)], special(&input)),
                          "lc_set_constant(special)")
                }
            case 2: check(tether_view_set_intrinsic_content_size(h, v, tether_size(width: special(&input), height: special(&input))),
                          "set_intrinsic(special)")
            default: check(tether_view_layout_if_needed(h, v), "layout_if_needed(round trip)")
            }
        }
        let (status, document) = text("document_save") { tether_document_save(h, v, $0, $1, $2) }
        if status == TETHER_OK, let document {
            if document.contains("inf") || document.contains("nan") { fuzzFailure("document_save wrote a non-finite number") }
            load(document, "document_load(round trip)")
        }
    }

    /// NaN and infinities are refused where finite numbers are required; the rest goes through.
    func specialNumbers(_ input: inout FuzzInput) {
        let x = special(&input)
        let finite = x.isFinite
        func refuse(_ status: tether_status, _ what: String) {
            if !finite && status == TETHER_OK { fuzzFailure("\(what) accepted \(x)") }
        }
        if input.bool(), let s = liveSolver(&input) {
            let h = s.handle
            let v = variable(&input, s)
            var vars = [v], coefficients = [input.bool() ? x : 1]
            let constant = input.bool() ? x : 0
            if finite {
                s.note(constant: constant)
                s.note(coefficients: coefficients)
                if abs(coefficients[0]) < 1e-9 || abs(coefficients[0]) > 1e9 { s.illConditioned = true }
            }
            let (outerSolver, outerIll) = (currentSolver, illConditionedCall)
            currentSolver = h
            illConditionedCall = s.illConditioned
            defer { (currentSolver, illConditionedCall) = (outerSolver, outerIll) }
            var out: tether_constraint = 0
            if Self.tracing { traceLine("solver_constraint_new(\(String(describing: h)), \(vars), \(coefficients), \(constant), 0, 1000)") }
            let status = check(tether_solver_constraint_new(h, &vars, &coefficients, 1, constant, 0, 1000, &out), "constraint_new(special)")
            if !coefficients[0].isFinite || !constant.isFinite { refuse(status, "solver_constraint_new") }
            if status == TETHER_OK {
                s.constraints.append(out)
                check(tether_solver_constraint_add(h, out), "constraint_add(special)")
            }
            return
        }
        guard let e = live(&input) else { return }
        let h = e.handle
        let v = e.views.isEmpty ? 0 : e.views[input.below(e.views.count)]
        switch input.byte() % 6 {
        case 0:
            guard e.views.count < Self.maxObjects else { return }
            var out: tether_view = 0
            let status = check(tether_view_new(h, tether_rect(x: x, y: 0, width: 10, height: 10), &out), "view_new(special)")
            refuse(status, "view_new")
            if status == TETHER_OK { e.views.append(out) }
        case 1: refuse(check(tether_view_set_frame(h, v, tether_rect(x: 0, y: x, width: 10, height: 10)), "set_frame(special)"), "set_frame")
        case 2:
            if !e.constraints.isEmpty {
                refuse(check(tether_layout_constraint_set_constant(h, e.constraints[input.below(e.constraints.count)], x),
                             "lc_set_constant(special)"), "layout_constraint_set_constant")
            }
        case 3:
            guard e.constraints.count < Self.maxObjects * 2 else { return }
            var out: tether_layout_constraint = 0
            let multiplier = input.bool() ? x : 1
            let constant = input.bool() ? x : 0
            let status = check(tether_layout_constraint_new(h, v, 7, 0, v, 8, multiplier, constant, 1000, &out), "lc_new(special)")
            if !multiplier.isFinite || !constant.isFinite { refuse(status, "layout_constraint_new") }
            if status == TETHER_OK {
                e.constraints.append(out)
                check(tether_layout_constraint_set_active(h, out, 1), "set_active(special)")
            }
        case 4:
            var out = tether_size()
            check(tether_view_system_layout_size_fitting(h, v, tether_size(width: x, height: special(&input)), 1000, 1, &out),
                  "size_fitting(special)")
        default:
            check(tether_view_set_layout_margins(h, v, tether_insets(top: x, left: 0, bottom: 0, right: 0)), "set_layout_margins(special)")
        }
        check(tether_view_layout_if_needed(h, v), "layout_if_needed(special)")
    }
}
