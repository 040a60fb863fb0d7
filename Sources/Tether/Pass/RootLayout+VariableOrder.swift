/// The order in which a rebuild makes the participants' variables.
///
/// The solver's batch plan reads one input order, the order variables were made (its peeling
/// defines the newest candidate first: a child's attribute rather than its parent's, the next
/// view of a chain rather than the one before). The view model makes them in hierarchy order,
/// which does not depend on the order of the constraints. But a stack view chains its arranged
/// subviews in arrangement order, which `insertArrangedSubview(_:at:)` decouples from the
/// subviews' order: arranged in reverse, each link defined the height of the view above it
/// instead of the top of the view below, the tops stayed in the tableau each over every height
/// above it, and nested stacks of 10,000 leaves held 1.6 M cells (68 k in the natural order).
/// So a stack view's arranged subviews get their variables in arrangement order, then its other
/// subviews in theirs: the same stacks make the same solver however they were filled.
extension RootLayout {
    /// Tree indices (pre-order over `order`, with `treeSubtreeSize` filled in) in the order to
    /// make variables: pre-order again, a stack view's arranged subviews first and in arrangement
    /// order. `order` itself when no stack view arranges its subviews out of their order.
    func variableOrder(_ order: [View]) -> [Int] {
        // The children of tree node p, in subviews order: p + 1, then each next sibling.
        func children(_ p: Int) -> [Int] {
            var out: [Int] = []
            var c = p + 1
            let end = p + Int(treeSubtreeSize[p])
            while c < end {
                out.append(c)
                c += Int(treeSubtreeSize[c])
            }
            return out
        }
        func arrangedOutOfOrder(_ stack: StackView) -> Bool {
            var k = 0
            for s in stack.subviews where k < stack.arrangedSubviews.count && s === stack.arrangedSubviews[k] { k += 1 }
            return k < stack.arrangedSubviews.count
        }
        guard order.contains(where: { ($0 as? StackView).map(arrangedOutOfOrder) ?? false }) else {
            return Array(order.indices)
        }
        var out: [Int] = []
        out.reserveCapacity(order.count)
        var pending = [0]
        while let p = pending.popLast() {
            out.append(p)
            var next = children(p)
            if let stack = order[p] as? StackView, arrangedOutOfOrder(stack) {
                var rank: [ObjectIdentifier: Int] = [:]
                for (k, view) in stack.arrangedSubviews.enumerated() { rank[ObjectIdentifier(view)] = k }
                let arranged = stack.arrangedSubviews.count
                // Stable: the other subviews keep their order, after the arranged ones.
                next = next.enumerated().sorted {
                    (rank[ObjectIdentifier(order[$0.element])] ?? arranged + $0.offset)
                        < (rank[ObjectIdentifier(order[$1.element])] ?? arranged + $1.offset)
                }.map(\.element)
            }
            pending.append(contentsOf: next.reversed())
        }
        return out
    }
}
