/// Pixel-grid rounding in a pass (PixelGrid.swift): the rounded frames are made where the exact
/// ones are written (`writeFrame`), from the same root-coordinate values, so a pass with a
/// display scale of 0 does what it did before rounding existed. Views that keep their frames
/// (frame mode, or views no constraint places) are rounded by the pass too, from their frames
/// and their superviews' origins in root coordinates.
extension RootLayout {
    /// At the start of a pass: the engine's scale. A changed scale makes the pass write every
    /// frame (and, when rounding stops, drop the rounded frames of views that keep theirs).
    func noteDisplayScale() {
        if root.roundedFrame != nil { root.roundedFrame = nil }  // a root's frame is its user's
        let scale = engine.displayScale
        guard scale != appliedScale else {
            roundingChanged = false
            return
        }
        appliedScale = scale
        roundingChanged = true
        framesNeedFullPass = true
    }

    /// Whether the frames of views that keep theirs are written by this pass: rounded, or
    /// dropped back to exact.
    var roundsKeptFrames: Bool { pixelGrid != nil || roundingChanged }

    /// Notes the intrinsic size the content-size constraints of participant `index` were given;
    /// while rounding, a change has its frame rounded again at the next frame application.
    func noteContentSize(_ size: Size, of index: Int) {
        let old = itemContent[index]
        guard old.width.bitPattern != size.width.bitPattern || old.height.bitPattern != size.height.bitPattern else {
            return
        }
        itemContent[index] = size
        if engine.displayScale > 0 { roundingRecheck.append(Int32(index)) }
    }

    /// Writes the shown frame of view `t`, which keeps its exact frame (no participant), whose
    /// superview's exact origin in root coordinates is `origin`: rounded, or exact without a grid.
    func writeKeptFrame(of t: Int, origin: Point, capture: FrameCapture?) {
        let view = treeViews[t]
        capture?.note(view)
        guard let grid = pixelGrid else {
            view.roundedFrame = nil
            return
        }
        let f = view.storedFrame
        view.roundedFrame = grid.rounded(f.offsetBy(dx: origin.x, dy: origin.y), superviewOrigin: origin,
                                         insets: view.alignmentRectInsets, content: view.storedIntrinsicSize)
    }

    /// Frame mode: every view below the root gets its rounded frame (or its exact one back when
    /// rounding stopped), top-down with the exact origins in root coordinates.
    func roundWithoutSolving() {
        guard roundsKeptFrames else { return }
        let grid = pixelGrid
        let capture = frameCapture
        var pending: [(view: View, origin: Point)] = root.subviews.map { ($0, .zero) }
        while let (view, origin) = pending.popLast() {
            let f = view.storedFrame
            let inRoot = f.offsetBy(dx: origin.x, dy: origin.y)
            capture?.note(view)
            view.roundedFrame = grid?.rounded(inRoot, superviewOrigin: origin, insets: view.alignmentRectInsets,
                                              content: view.storedIntrinsicSize)
            for s in view.subviews { pending.append((s, inRoot.origin)) }
        }
    }
}
