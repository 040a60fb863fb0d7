import XCTest
@testable import Tether
import TetherTestSupport

/// The cached roots and depths (HierarchyCache.swift) against walks up the superviews, through
/// random adds, inserts, moves and removals of leaves and subtrees; and the cycle check that
/// uses them, which must reject exactly what the walk rejected, with the same error.
final class HierarchyCacheTests: XCTestCase {
    private func walkRoot(_ v: View) -> View {
        var x = v
        while let s = x.superview { x = s }
        return x
    }

    private func walkDepth(_ v: View) -> Int {
        var x = v, d = 0
        while let s = x.superview { x = s; d += 1 }
        return d
    }

    private func walkIsDescendant(_ v: View, of other: View) -> Bool {
        var x: View? = v
        while let c = x {
            if c === other { return true }
            x = c.superview
        }
        return false
    }

    private func walkCommonAncestor(_ a: View, _ b: View) -> View? {
        var x: View? = a
        while let c = x {
            if walkIsDescendant(b, of: c) { return c }
            x = c.superview
        }
        return nil
    }

    func testRandomHierarchyChangesKeepRootsDepthsAndAncestorsRight() throws {
        var rng = SeededGenerator(seed: 18)
        let engine = LayoutEngine()
        var views: [View] = []
        for _ in 0..<40 { views.append(try engine.makeView()) }
        for step in 0..<3000 {
            let a = views[rng.int(0...(views.count - 1))], b = views[rng.int(0...(views.count - 1))]
            switch rng.int(0...3) {
            case 0, 1:
                let wouldCycle = walkIsDescendant(a, of: b)
                do {
                    if rng.chance(0.5) {
                        try a.addSubview(b)
                    } else {
                        try a.insertSubview(b, at: rng.int(0...a.subviews.count))
                    }
                    XCTAssertFalse(wouldCycle, "step \(step): a cycle was accepted")
                } catch LayoutError.invalidHierarchy(let message) {
                    XCTAssertTrue(wouldCycle, "step \(step): rejected without a cycle")
                    XCTAssertEqual(message, "adding \(b) to \(a) would make a cycle")
                } catch LayoutError.invalidArgument {
                    // insertSubview at an index that moved past the end when b was already a subview.
                }
            case 2:
                a.removeFromSuperview()
            default:
                _ = a.rootView  // queries between changes fill caches that later changes must not trust
            }
            for v in views {
                let (root, depth) = v.rootAndDepth()
                XCTAssertTrue(root === walkRoot(v), "step \(step): root")
                XCTAssertEqual(depth, walkDepth(v), "step \(step): depth")
            }
            let c = views[rng.int(0...(views.count - 1))], d = views[rng.int(0...(views.count - 1))]
            XCTAssertEqual(c.isDescendant(of: d), walkIsDescendant(c, of: d), "step \(step): isDescendant")
            XCTAssertTrue(c.nearestCommonAncestor(with: d) === walkCommonAncestor(c, d), "step \(step): common ancestor")
        }
    }

    func testCyclesAreRejectedInADeepChain() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView()
        var chain = [root]
        let epoch = engine.hierarchyEpoch
        for _ in 0..<200 {
            let v = try engine.makeView()
            try chain.last!.addSubview(v)
            chain.append(v)
        }
        let leaf = chain.last!
        // Built a leaf at a time: no cache was invalidated, each leaf took its superview's.
        XCTAssertEqual(engine.hierarchyEpoch, epoch)
        XCTAssertTrue(chain.dropFirst().allSatisfy { $0.cacheEpoch == epoch && $0.cachedRoot === root })
        XCTAssertEqual(leaf.cachedDepth, 200)
        for ancestor in [root, chain[1], chain[100], chain[199], leaf] {
            XCTAssertThrowsError(try leaf.addSubview(ancestor)) { error in
                XCTAssertEqual(error as? LayoutError, .invalidHierarchy("adding \(ancestor) to \(leaf) would make a cycle"))
            }
        }
        XCTAssertThrowsError(try chain[150].insertSubview(chain[20], at: 0))
        XCTAssertTrue(chain[20].superview === chain[19], "a rejected add leaves the view where it was")
        // A subtree moved under a view of another branch: allowed, and the caches follow.
        let other = try engine.makeView()
        try root.addSubview(other)
        try other.addSubview(chain[100])
        XCTAssertTrue(leaf.isDescendant(of: other))
        XCTAssertEqual(leaf.rootAndDepth().depth, 2 + 100)
        XCTAssertThrowsError(try leaf.addSubview(other))
        chain[100].removeFromSuperview()
        XCTAssertTrue(leaf.rootView === chain[100])
        XCTAssertFalse(leaf.isDescendant(of: root))
        try leaf.addSubview(root)  // no longer an ancestor: allowed
        XCTAssertTrue(other.rootView === chain[100])
    }
}
