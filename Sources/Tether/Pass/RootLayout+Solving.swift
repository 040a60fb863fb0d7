import TetherSolver

/// Solving, reading the solution into frames, and fitting sizes.
extension RootLayout {
    // MARK: Solving and frames

    func solveWithMeasuring() throws(LayoutError) {
        publish()
        // Height-for-width: measure again with the resolved widths, then solve the heights.
        var remeasured = false
        for v in measuringViews {
            guard let vars = variables[ObjectIdentifier(v)] else { continue }
            let width = (try? solver.value(of: vars.width)) ?? .nan
            try updateContentSize(v, measuringWith: width)
            remeasured = true
        }
        if needsRebuild {
            try rebuild()
            for v in measuringViews {
                guard let vars = variables[ObjectIdentifier(v)] else { continue }
                publish()
                let width = (try? solver.value(of: vars.width)) ?? .nan
                try updateContentSize(v, measuringWith: width)
            }
        }
        if remeasured { publish() }
    }

    /// Publishes the solution and notes the participants whose variables it changed.
    func publish() {
        solver.updateVariables()
        guard solver.takeChangedDenseIndices(into: &changedScratch) else {
            changedVariablesIncomplete = true
            return
        }
        // Moved out of `self` for the loop, so that it runs over plain arrays.
        var marks: [UInt32] = [], changed: [Int32] = []
        swap(&marks, &itemStamp)
        swap(&changed, &changedItems)
        let stamp = self.stamp
        itemOfVariable.withUnsafeBufferPointer { owner in
            for d in changedScratch {
                let index = Int(d)
                guard index < owner.count else { continue }
                let item = Int(owner[index])
                guard item >= 0, marks[item] != stamp else { continue }
                marks[item] = stamp
                changed.append(Int32(item))
            }
        }
        swap(&marks, &itemStamp)
        swap(&changed, &changedItems)
    }

    /// The solved alignment rect of an item, in root coordinates.
    func solvedRect(_ item: LayoutItem) -> Rect? {
        guard let v = variables[ObjectIdentifier(item)] else { return nil }
        return solvedRect(v)
    }

    func solvedRect(_ v: ItemVariables) -> Rect {
        func value(_ x: Variable) -> Double { valueOverride?[x] ?? (try? solver.value(of: x)) ?? 0 }
        return Rect(x: value(v.left), y: value(v.top), width: value(v.width), height: value(v.height))
    }

    /// Sets frames from the solution, top-down: at each view, its subviews' frames, then its
    /// guides' frames, then its `layoutSubviews` hook. Writes every frame after a rebuild (or in
    /// frame mode, or to show an exercised ambiguity); otherwise only what the solve changed.
    func applyFrames() {
        pixelGrid = PixelGrid(scale: engine.displayScale)
        guard isConstraintBased else {
            roundWithoutSolving()
            visitWithoutSolving()
            return
        }
        if framesNeedFullPass || valueOverride != nil || changedVariablesIncomplete {
            applyAllFrames()
        } else {
            applyChangedFrames()
        }
        // Frames of another solution stay until a pass writes every frame again.
        framesNeedFullPass = valueOverride != nil
    }

    /// Every frame, in pre-order: at each view its participating subviews' frames, then `finish`.
    func applyAllFrames() {
        lastPass.wroteEveryFrame = true
        for i in items.indices { itemRects[i] = solvedRect(itemVariables[i]) }
        hookedViews.removeAll(keepingCapacity: true)
        roundingRecheck.removeAll(keepingCapacity: true)
        let roundsKept = roundsKeptFrames
        let generation = tablesGeneration
        let capture = frameCapture  // read once: each read of a stored property is checked
        for p in treeViews.indices {
            let end = p + Int(treeSubtreeSize[p])
            var c = p + 1
            var origin: Point?
            while c < end {
                if treeItem[c] >= 0 {
                    if origin == nil { origin = originInRoot(p) }
                    writeFrame(of: c, origin: origin!, capture: capture)
                } else if roundsKept {
                    if origin == nil { origin = originInRoot(p) }
                    writeKeptFrame(of: c, origin: origin!, capture: capture)
                }
                c += Int(treeSubtreeSize[c])
            }
            if treeViews[p].layoutSubviewsHook != nil { hookedViews.append(Int32(p)) }
            finish(p)
            if tablesGeneration != generation { return }
        }
        hooksStale = false
    }

    /// Only what changed: the participants whose solved rect differs from the one last applied
    /// (among those the solver listed) get their frames, and so do the subviews of the views that
    /// moved (frames are relative to the superview; a view that keeps its frame passes the move
    /// on to its subviews); guides follow their owners. Views with a hook are finished too. The
    /// work runs in the order of a full pass (sorted by parent in pre-order), with equal results.
    func applyChangedFrames() {
        if hooksStale {
            hookedViews = treeViews.indices.filter { treeViews[$0].layoutSubviewsHook != nil }.map { Int32($0) }
            hooksStale = false
        }
        // Moved out of `self` while marking, so that the loops run over plain arrays.
        var events: [UInt64] = [], frameMarks: [UInt32] = [], finishMarks: [UInt32] = []
        var rects: [Rect] = [], moved: [Int32] = []
        swap(&events, &self.events)
        swap(&frameMarks, &frameStamp)
        swap(&finishMarks, &finishStamp)
        swap(&rects, &itemRects)
        swap(&moved, &movedScratch)
        events.removeAll(keepingCapacity: true)
        let stamp = self.stamp
        let finishKey = RootLayout.finishKey
        let rounds = pixelGrid != nil
        @inline(__always) func markFrame(_ t: Int) {
            guard frameMarks[t] != stamp else { return }
            frameMarks[t] = stamp
            events.append(UInt64(UInt32(treeParent[t])) << 32 | UInt64(t))
        }
        @inline(__always) func markFinish(_ t: Int) {
            guard finishMarks[t] != stamp else { return }
            finishMarks[t] = stamp
            events.append(UInt64(t) << 32 | finishKey)
        }
        solver.withPublishedValues { values in
            for item in changedItems {
                let i = Int(item), d = 4 * i
                let new = Rect(x: values[itemDense[d]], y: values[itemDense[d + 1]],
                               width: values[itemDense[d + 2]], height: values[itemDense[d + 3]])
                let old = rects[i]
                if sameBits(new, old) { continue }
                rects[i] = new
                let t = Int(itemTree[i])
                guard itemIsView[i] else {
                    markFinish(t)  // a guide: its owner sets its frame
                    continue
                }
                if treeHasGuides[t] && (new.width != old.width || new.height != old.height) { markFinish(t) }
                guard t != 0 else { continue }  // the root's frame is its user's; its origin is (0, 0)
                markFrame(t)
                if new.minX != old.minX || new.minY != old.minY { moved.append(Int32(t)) }
            }
        }
        // Rounding: a participant whose intrinsic size changed may round otherwise (PixelGrid).
        if rounds {
            for i in roundingRecheck where itemIsView[Int(i)] && itemTree[Int(i)] != 0 { markFrame(Int(itemTree[Int(i)])) }
        }
        roundingRecheck.removeAll(keepingCapacity: true)
        // A view that moved: its guides and its subviews' frames follow; a subview that keeps its
        // frame moves with it, and passes the move on (while rounding, its rounded frame is made
        // again: its edges in root coordinates moved).
        while let m = moved.popLast() {
            let t = Int(m)
            if treeHasGuides[t] { markFinish(t) }
            let end = t + Int(treeSubtreeSize[t])
            var c = t + 1
            while c < end {
                if treeItem[c] >= 0 {
                    markFrame(c)
                } else {
                    if rounds { markFrame(c) }
                    moved.append(Int32(c))
                }
                c += Int(treeSubtreeSize[c])
            }
        }
        for t in hookedViews { markFinish(Int(t)) }
        let few = events.count * 8 < treeViews.count
        let generation = tablesGeneration
        let capture = frameCapture  // read once: each read of a stored property is checked
        if few { events.sort() }
        swap(&events, &self.events)
        swap(&frameMarks, &frameStamp)
        swap(&finishMarks, &finishStamp)
        swap(&rects, &itemRects)
        swap(&moved, &movedScratch)

        if few {
            // Few: in the order of a full pass by sorting them.
            var parent = -1, origin = Point.zero
            for e in self.events {
                let p = Int(e >> 32), child = e & finishKey
                if child == finishKey {
                    finish(p)
                    if tablesGeneration != generation { return }
                } else {
                    if p != parent { (parent, origin) = (p, originInRoot(p)) }
                    writeFrame(of: Int(child), origin: origin, capture: capture)
                }
            }
        } else {
            // Many: one walk of the tree in pre-order finds them in that order.
            for p in treeViews.indices {
                let end = p + Int(treeSubtreeSize[p])
                var c = p + 1
                var origin: Point?
                while c < end {
                    if frameStamp[c] == stamp {
                        if origin == nil { origin = originInRoot(p) }
                        writeFrame(of: c, origin: origin!, capture: capture)
                    }
                    c += Int(treeSubtreeSize[c])
                }
                if finishStamp[p] == stamp {
                    finish(p)
                    if tablesGeneration != generation { return }
                }
            }
        }
    }

    /// Equal to the last bit (so that skipping the write gives exactly what writing would).
    func sameBits(_ a: Rect, _ b: Rect) -> Bool {
        a.minX.bitPattern == b.minX.bitPattern && a.minY.bitPattern == b.minY.bitPattern
            && a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }

    /// The origin of view `t`'s frame in root coordinates (the root's is (0, 0)): a participant's
    /// from its solved rect, any other view's its superview's plus its frame's origin. A loop up
    /// to the nearest participant, then the frames added top-down (the sums a recursion gave, bit
    /// for bit): recursing once per level overflowed the stack below views that keep their frames
    /// 100,000 deep.
    func originInRoot(_ t: Int) -> Point {
        var keepers: [Int] = []
        var a = t
        while a != 0 && treeItem[a] < 0 {
            keepers.append(a)
            a = Int(treeParent[a])
        }
        var o = a == 0 ? Point.zero : itemRects[Int(treeItem[a])].outset(by: treeInsets[a]).origin
        for k in keepers.reversed() {
            let frame = treeViews[k].storedFrame
            o = Point(x: o.x + frame.minX, y: o.y + frame.minY)
        }
        return o
    }

    /// Sets participating view `t`'s frame from its solved rect, relative to its superview whose
    /// origin in root coordinates is `origin`; `capture` (the pass's `frameCapture`, read once by
    /// the caller) notes the frame shown before, inside an animation block.
    /// While rounding, its rounded frame too (PixelGrid.swift); a view that keeps its frame
    /// (marked only while rounding) gets its rounded frame only.
    func writeFrame(of t: Int, origin: Point, capture: FrameCapture?) {
        let item = Int(treeItem[t])
        guard item >= 0 else {
            writeKeptFrame(of: t, origin: origin, capture: capture)
            return
        }
        lastPass.framesWritten += 1
        let view = treeViews[t]
        capture?.note(view)
        let frameInRoot = itemRects[item].outset(by: treeInsets[t])
        let f = frameInRoot.offsetBy(dx: -origin.x, dy: -origin.y)
        // `+ 0` turns a solved -0.0 into 0.0, so frames print as users expect.
        view.setFrame(Rect(x: f.minX + 0, y: f.minY + 0, width: f.width + 0, height: f.height + 0), fromLayout: true)
        if let grid = pixelGrid {
            view.roundedFrame = grid.rounded(frameInRoot, superviewOrigin: origin, insets: treeInsets[t],
                                             content: itemContent[item])
        }
    }

    /// After view `p`'s subviews got their frames: its guides' frames, then its hook.
    func finish(_ p: Int) {
        let view = treeViews[p]
        if !view.layoutGuides.isEmpty || view is StackView {
            let origin = originInRoot(p)
            for guide in view.layoutGuides + ((view as? StackView)?.arrangementGuides ?? []) {
                if let vars = variables[ObjectIdentifier(guide)] {
                    guide.layoutFrame = itemRects[vars.index].offsetBy(dx: -origin.x, dy: -origin.y)
                }
            }
        }
        let bounds = view.unroundedBounds
        if view.hasMarginsGuide { view.marginsGuideStorage.layoutFrame = bounds.inset(by: view.effectiveLayoutMargins) }
        if view.hasSafeAreaGuide { view.safeAreaGuideStorage.layoutFrame = bounds.inset(by: view.safeAreaInsets) }
        view.layoutSubviewsHook?(view)
    }

    // MARK: Fitting

    func fittingSize(target: Size, horizontalPriority: LayoutPriority,
                     verticalPriority: LayoutPriority) throws(LayoutError) -> Size {
        fitting = (target, horizontalPriority, verticalPriority)
        try rebuild()
        try solveWithMeasuring()
        guard let r = solvedRect(root) else { return root.storedFrame.size }
        let ai = root.alignmentRectInsets
        return Size(width: r.width + ai.left + ai.right, height: r.height + ai.top + ai.bottom)
    }
}
