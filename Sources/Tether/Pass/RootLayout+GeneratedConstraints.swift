import TetherSolver

/// The constraints the pass generates: autoresizing masks, content sizes, root pins, system guides.
extension RootLayout {
    // MARK: Generated constraints

    func addRootConstraints() throws(LayoutError) {
        guard let vars = variables[ObjectIdentifier(root)] else { return }
        let ai = root.alignmentRectInsets
        let f = root.storedFrame
        let x = makeGenerated(root, .minX, constant: ai.left, identifier: "Tether-Root-MinX", kind: .system)
        let y = makeGenerated(root, .minY, constant: ai.top, identifier: "Tether-Root-MinY", kind: .system)
        for (lc, owner) in [(vars.left == ai.left, x), (vars.top == ai.top, y)] {
            if let c = addGenerated(lc, .required, owner) { rootPins.append(c) }
        }
        if let fitting {
            let w = fitting.target.width - ai.left - ai.right
            let h = fitting.target.height - ai.top - ai.bottom
            let wc = makeGenerated(root, .width, constant: w, priority: fitting.horizontal,
                                   identifier: "Tether-Fitting-Width", kind: .system)
            let hc = makeGenerated(root, .height, constant: h, priority: fitting.vertical,
                                   identifier: "Tether-Fitting-Height", kind: .system)
            _ = addGenerated(vars.width == w, try! Priority(Double(fitting.horizontal.rawValue)), wc)
            _ = addGenerated(vars.height == h, try! Priority(Double(fitting.vertical.rawValue)), hc)
        } else {
            let w = f.width - ai.left - ai.right
            let h = f.height - ai.top - ai.bottom
            let wc = makeGenerated(root, .width, constant: w, identifier: "Tether-Root-Width", kind: .system)
            let hc = makeGenerated(root, .height, constant: h, identifier: "Tether-Root-Height", kind: .system)
            if let c = addGenerated(vars.width == w, .required, wc) { rootPins.append(c) }
            if let c = addGenerated(vars.height == h, .required, hc) { rootPins.append(c) }
        }
    }

    /// Two constraints per axis that reproduce frame-mode autoresizing for any superview size.
    func addTranslation(_ v: View) {
        guard let s = v.superview, let vv = variables[ObjectIdentifier(v)], let sv = variables[ObjectIdentifier(s)] else { return }
        // A superview that does not autoresize its subviews leaves their frames alone in frame
        // mode, so the translated rule is the fixed one.
        let mask: AutoresizingMask = s.autoresizesSubviews ? v.autoresizingMask : []
        let rules = AutoresizingMask.translationRules(frame: v.storedFrame, mask: mask,
                                                      superviewSize: s.storedFrame.size)
        let a = v.alignmentRectInsets, b = s.alignmentRectInsets
        let notation = v.autoresizingMask.notation
        let h = rules.horizontal, y = rules.vertical
        // frame.minX (superview coords) = pf·superBoundsWidth + pc, with frames = alignment rects
        // outset by their insets.
        let x = LinearExpression([Term(vv.left, 1), Term(sv.left, -1), Term(sv.width, -h.positionFactor)],
                                 constant: -(h.positionConstant + a.left - b.left + h.positionFactor * (b.left + b.right)))
        let w = LinearExpression([Term(vv.width, 1), Term(sv.width, -h.lengthFactor)],
                                 constant: -(h.lengthConstant - a.left - a.right + h.lengthFactor * (b.left + b.right)))
        let top = LinearExpression([Term(vv.top, 1), Term(sv.top, -1), Term(sv.height, -y.positionFactor)],
                                   constant: -(y.positionConstant + a.top - b.top + y.positionFactor * (b.top + b.bottom)))
        let ht = LinearExpression([Term(vv.height, 1), Term(sv.height, -y.lengthFactor)],
                                  constant: -(y.lengthConstant - a.top - a.bottom + y.lengthFactor * (b.top + b.bottom)))
        let kind = LayoutConstraint.GeneratedKind.autoresizing(notation: notation)
        func rule(_ attribute: LayoutAttribute, _ factor: Double, _ superAttribute: LayoutAttribute,
                  _ constant: Double) -> LayoutConstraint {
            makeGenerated(v, attribute, .equal, factor == 0 ? nil : s, factor == 0 ? .notAnAttribute : superAttribute,
                          multiplier: factor, constant: constant, kind: kind)
        }
        _ = addGenerated(LinearConstraint(x, .equal), .required, rule(.minX, h.positionFactor, .width, h.positionConstant))
        _ = addGenerated(LinearConstraint(w, .equal), .required, rule(.width, h.lengthFactor, .width, h.lengthConstant))
        _ = addGenerated(LinearConstraint(top, .equal), .required, rule(.minY, y.positionFactor, .height, y.positionConstant))
        _ = addGenerated(LinearConstraint(ht, .equal), .required, rule(.height, y.lengthFactor, .height, y.lengthConstant))
    }

    /// The content-size constraints of `v` (hugging and compression resistance per axis), from
    /// its measure callback (with `proposedWidth`) or its intrinsic size. Updates constants in
    /// place; asks for a rebuild when an axis gains or loses its metric.
    func updateContentSize(_ v: View, measuringWith proposedWidth: Double) throws(LayoutError) {
        // A callback earlier in this pass may have freed the view: its measure callback is not
        // called again with an id that is no longer live (the freeing marked the root for a
        // rebuild, which drops its variables).
        guard v.engine != nil, let vars = variables[ObjectIdentifier(v)] else { return }
        lastPass.contentSizesRead += 1
        var size = v.storedIntrinsicSize
        if let measure = v.measure {
            let m: Measurement
            do { m = try measure(proposedWidth) } catch {
                throw .callbackFailed("the measure callback of \(v) failed: \(error)")
            }
            if let problem = m.sizeProblem {
                throw .callbackFailed("the measure callback of \(v) returned \(problem)")
            }
            let previous = measured[ObjectIdentifier(v)]
            measured[ObjectIdentifier(v)] = m
            size = Size(width: m.width, height: m.height)
            if let previous, !sameBaselines(previous, m) { refreshBaselineConstraints(of: v) }
        }
        let metrics = [size.width, size.height]
        noteContentSize(size, of: vars.index)
        let key = ObjectIdentifier(v)
        if let existing = contentSize[key] {
            for axis in 0..<2 {
                let has = metrics[axis] >= 0
                if has != (existing[axis * 2] != nil || existing[axis * 2 + 1] != nil) && (existing[axis * 2] != nil || has) {
                    needsRebuild = true
                    return
                }
                if has {
                    for c in [existing[axis * 2], existing[axis * 2 + 1]].compactMap({ $0 }) {
                        setGeneratedConstant(c, -metrics[axis])
                        generatedOwner[c]?.storedConstant = metrics[axis]
                    }
                }
            }
            return
        }
        var made: [TetherSolver.Constraint?] = [nil, nil, nil, nil]
        for (axis, dimension) in [(Axis.horizontal, vars.width), (Axis.vertical, vars.height)] {
            let metric = metrics[Int(axis.rawValue)]
            guard metric >= 0 else { continue }
            let bump = arrangementOrderBump(of: v, axis: axis)
            let hug = v.contentHuggingPriority(for: axis), cr = v.contentCompressionResistancePriority(for: axis)
            let (hugBumped, crBumped) = (bumped(hug, by: bump), bumped(cr, by: bump))
            // One described constraint stands for both sides; its priority is the stronger one.
            let owner = makeGenerated(v, axis == .horizontal ? .width : .height, constant: metric,
                                      priority: Swift.max(hugBumped, crBumped),
                                      kind: .contentSize(hug: hugBumped, compressionResistance: crBumped))
            made[Int(axis.rawValue) * 2] = addGenerated(dimension >= metric, try! Priority(Double(crBumped.rawValue)), owner)
            made[Int(axis.rawValue) * 2 + 1] = addGenerated(dimension <= metric, try! Priority(Double(hugBumped.rawValue)), owner)
        }
        contentSize[key] = made
    }

    func sameBaselines(_ a: Measurement, _ b: Measurement) -> Bool {
        (a.firstBaseline == b.firstBaseline || (a.firstBaseline.isNaN && b.firstBaseline.isNaN))
            && (a.lastBaseline == b.lastBaseline || (a.lastBaseline.isNaN && b.lastBaseline.isNaN))
    }

    /// User constraints on `v`'s baselines carry the baseline offsets in their constants.
    func refreshBaselineConstraints(of v: View) {
        for (key, sc) in userSolverConstraint {
            guard let c = solverOwner[sc], ObjectIdentifier(c) == key else { continue }
            let usesBaseline = (c.firstItem === v && (c.firstAttribute == .firstBaseline || c.firstAttribute == .lastBaseline))
                || (c.secondItem === v && (c.secondAttribute == .firstBaseline || c.secondAttribute == .lastBaseline))
            if usesBaseline, let lc = linear(c) { try? solver.setConstant(lc.expression.constant, of: sc) }
        }
    }

    /// A system guide is its owner's bounds inset by `insets`.
    func addSystemGuide(_ guide: LayoutGuide, of v: View, insets: EdgeInsets) {
        guard let g = variables[ObjectIdentifier(guide)], let o = variables[ObjectIdentifier(v)] else { return }
        let ai = v.alignmentRectInsets
        let margins = guide.systemKind == .layoutMargins
        func name(_ edge: String) -> String {
            margins ? "UIView-\(edge)Margin-guide-constraint" : "UIViewSafeAreaLayoutGuide-\(edge)"
        }
        func edge(_ attribute: LayoutAttribute, _ constant: Double, _ edgeName: String) -> LayoutConstraint {
            makeGenerated(guide, attribute, .equal, v, attribute, constant: constant, identifier: name(edgeName),
                          kind: .system)
        }
        _ = addGenerated(g.left - o.left == insets.left - ai.left, .required, edge(.left, insets.left, "left"))
        _ = addGenerated(g.top - o.top == insets.top - ai.top, .required, edge(.top, insets.top, "top"))
        _ = addGenerated(g.width - o.width == ai.left + ai.right - insets.left - insets.right, .required,
                         edge(.right, -insets.right, "right"))
        _ = addGenerated(g.height - o.height == ai.top + ai.bottom - insets.top - insets.bottom, .required,
                         edge(.bottom, -insets.bottom, "bottom"))
    }

}
