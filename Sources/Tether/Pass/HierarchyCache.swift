/// Each view's root and depth, cached so that the questions every change asks (which root to
/// mark dirty, is this view an ancestor of that one, where do two items meet) cost O(1)
/// amortised instead of a walk to the root: building a chain 40,000 deep one level at a time was
/// quadratic (issue 18).
///
/// A view's cache is valid while its `cacheEpoch` equals its engine's `hierarchyEpoch`. Adding a
/// view that has no subviews changes no other view's root or depth, so it fills the new leaf's
/// cache from its superview's and keeps every other cache; any other move (adding or removing a
/// view that has subviews) bumps the epoch, and caches are filled again on demand, each walk
/// stopping at the first ancestor whose cache is still valid and filling the path it walked.
/// So building top-down (a leaf at a time) never walks, building bottom-up (a subtree under a
/// new root) walks only from the views later asked about, and a root answers from its own
/// `superview == nil` without a cache. A view whose engine is gone (freed) walks every time.
extension View {
    /// The view's root (itself when it has no superview) and its depth below it.
    func rootAndDepth() -> (root: View, depth: Int) {
        guard let parent = superview else { return (self, 0) }
        guard let engine else { return walkToRoot() }
        let epoch = engine.hierarchyEpoch
        if cacheEpoch == epoch, let root = cachedRoot { return (root, cachedDepth) }
        var path: [View] = [self]
        var top = parent
        var base: (root: View, depth: Int)
        while true {
            guard let next = top.superview else { base = (top, 0); break }
            if top.cacheEpoch == epoch, let root = top.cachedRoot { base = (root, top.cachedDepth); break }
            path.append(top)
            top = next
        }
        var depth = base.depth
        for v in path.reversed() {
            depth += 1
            v.cachedRoot = base.root
            v.cachedDepth = depth
            v.cacheEpoch = epoch
        }
        return (base.root, depth)
    }

    private func walkToRoot() -> (root: View, depth: Int) {
        var v = self, depth = 0
        while let s = v.superview { v = s; depth += 1 }
        return (v, depth)
    }

    /// Keeps the caches right after `self` got `superview`: a leaf takes its superview's root and
    /// depth + 1 (no other view changed); a view with subviews moved a whole subtree, whose
    /// caches the new epoch invalidates.
    func cacheAfterAttaching() {
        guard let engine else { return }
        if subviews.isEmpty, let parent = superview {
            let (root, depth) = parent.rootAndDepth()
            cachedRoot = root
            cachedDepth = depth + 1
            cacheEpoch = engine.hierarchyEpoch
        } else {
            engine.hierarchyEpoch &+= 1
        }
    }

    /// Keeps the caches right after `self` lost its superview: a leaf answers from `superview ==
    /// nil` now; the subviews of any other view have a new root.
    func cacheAfterDetaching() {
        guard let engine, !subviews.isEmpty else { return }
        engine.hierarchyEpoch &+= 1
    }

    /// The ancestor `levels` levels up (`levels` at most the view's depth).
    func ancestor(levelsUp levels: Int) -> View {
        var v = self
        for _ in 0..<levels { v = v.superview! }
        return v
    }

    /// The nearest view that is both views' ancestor (or one of them), or nil in different trees.
    /// - Complexity: O(1) amortised for the roots and depths, then the difference of the depths
    ///   plus the distance up to the meeting point.
    func nearestCommonAncestor(with other: View) -> View? {
        let (ra, da) = rootAndDepth(), (rb, db) = other.rootAndDepth()
        guard ra === rb else { return nil }
        var x = da > db ? ancestor(levelsUp: da - db) : self
        var y = db > da ? other.ancestor(levelsUp: db - da) : other
        while x !== y {
            x = x.superview!
            y = y.superview!
        }
        return x
    }
}
