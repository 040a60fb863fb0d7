/// A stack view's arranged views by identity: whether a view is arranged, and its position among
/// the visible ones. Both were array searches, made once per arranged view: arranging 8,000
/// views took 1.55 s (issue 18), most of it in the rebuild asking each view's position for its
/// arrangement-order priority bump (`RootLayout.arrangementOrderBump`).
extension StackView {
    func isArranged(_ view: View) -> Bool { arrangedSet.contains(ObjectIdentifier(view)) }

    /// The index of `view` among the visible arranged views (nil: hidden or not arranged). The
    /// table is made on first use after the arrangement or an arranged view's `isHidden` changed.
    func visiblePosition(of view: View) -> Int? {
        if visiblePositions == nil {
            var table: [ObjectIdentifier: Int] = [:]
            table.reserveCapacity(arrangedSubviews.count)
            for v in arrangedSubviews where !v.isHidden { table[ObjectIdentifier(v)] = table.count }
            visiblePositions = table
        }
        return visiblePositions![ObjectIdentifier(view)]
    }

    /// An arranged view was hidden or shown: positions change, and the arrangement is rebuilt.
    func arrangedVisibilityChanged() {
        visiblePositions = nil
        markChanged()
    }
}
