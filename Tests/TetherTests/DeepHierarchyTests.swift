import Foundation
import XCTest
@testable import Tether
import TetherDocument
import TetherViewTestSupport

/// Whole-tree operations on hierarchies 100,000 levels deep (each view the only subview of the
/// previous one). Every walk over the hierarchy is a loop or keeps its own stack: the recursive
/// walks they replace overflowed the main thread's 8 MB stack (SIGSEGV, which ends the test run)
/// 25,000 to 75,000 levels down in a debug build, each test here at one of them at least.
///
/// Two operations cannot run at that depth for other reasons, and are run instead on a thread
/// with a small stack, where a walk that recursed once per level overflows a few thousand levels
/// down: the trace (its indentation makes it quadratic in the depth: 20 GB at 100,000 levels),
/// and a stack view's baseline forwarded through nested stack views (every leading/trailing
/// constraint walks to the root for its direction, quadratic too: 137 s at 20,000 levels).
final class DeepHierarchyTests: XCTestCase {
    private static let depth = 100_000

    /// Views `1...n` each pinned 1 inside its superview (left, top, right, bottom), under a root
    /// 3n square: view k's frame is (1, 1, 3n - 2k, 3n - 2k). With `leadingLeaf`, the leaf's
    /// left and right are pinned instead by leading 2 in and trailing 1 in (returned).
    private func constrainedChain(_ engine: LayoutEngine, depth n: Int,
                                  leadingLeaf: Bool = false) throws -> (chain: [View], leading: LayoutConstraint?) {
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 3 * Double(n), height: 3 * Double(n)))
        var chain = [root]
        chain.reserveCapacity(n + 1)
        var constraints: [LayoutConstraint] = []
        constraints.reserveCapacity(4 * n)
        for _ in 0..<n {
            let v = try engine.makeView()
            v.translatesAutoresizingMaskIntoConstraints = false
            let s = chain.last!
            try s.addSubview(v)
            chain.append(v)
            constraints += [try v.topAnchor.constraint(equalTo: s.topAnchor, constant: 1),
                            try v.bottomAnchor.constraint(equalTo: s.bottomAnchor, constant: -1)]
            if chain.count <= n || !leadingLeaf {
                constraints += [try v.leftAnchor.constraint(equalTo: s.leftAnchor, constant: 1),
                                try v.rightAnchor.constraint(equalTo: s.rightAnchor, constant: -1)]
            }
        }
        var leading: LayoutConstraint?
        if leadingLeaf {
            let leaf = chain[n], parent = chain[n - 1]
            leading = try leaf.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 2)
            constraints += [leading!, try leaf.trailingAnchor.constraint(equalTo: parent.trailingAnchor, constant: -1)]
        }
        try activate(constraints)
        return (chain, leading)
    }

    // MARK: 100,000 levels on the main thread

    func testConstrainedChainLaysOutDrawsAndFreesAt100000Levels() throws {
        let n = Self.depth
        let engine = LayoutEngine()
        let (chain, leadingConstraint) = try constrainedChain(engine, depth: n, leadingLeaf: true)
        let leading = try XCTUnwrap(leadingConstraint)
        let root = chain[0], middle = chain[n / 2], parent = chain[n - 1], leaf = chain[n]
        // Right to left from the root: the leaf's leading/trailing constraints ask the direction
        // of its superview, 99,999 levels down (View.effectiveDirection walked up by recursion).
        root.semanticContentAttribute = .forceRightToLeft

        var updated: [Int] = [], laidOut: [Int] = []
        for (k, v) in [(0, root), (n / 2, middle), (n, leaf)] {
            v.updateConstraintsHook = { _ in updated.append(k) }
            v.layoutSubviewsHook = { _ in laidOut.append(k) }
        }
        try root.layoutIfNeeded()
        // updateConstraints bottom-up, layoutSubviews top-down (both walks over every view).
        XCTAssertEqual(updated, [n, n / 2, 0])
        XCTAssertEqual(laidOut, [0, n / 2, n])
        // Its superview is n + 2 wide; the leaf is 1 in from the left (trailing) and 2 from the
        // right (leading) edge.
        XCTAssertEqual(parent.frame, Rect(x: 1, y: 1, width: Double(n + 2), height: Double(n + 2)))
        XCTAssertEqual(leaf.frame, Rect(x: 1, y: 1, width: Double(n - 1), height: Double(n)))
        XCTAssertEqual(middle.frame, Rect(x: 1, y: 1, width: Double(2 * n), height: Double(2 * n)))
        XCTAssertEqual(leaf.effectiveUserInterfaceLayoutDirection, .rightToLeft)
        XCTAssertFalse(leaf.hasAmbiguousLayout)
        XCTAssertFalse(root.hasAmbiguousLayout)

        // The SVG lists every view, the leaf at (n, n) in root coordinates.
        let svg = try root.svg()
        XCTAssertEqual(svg.components(separatedBy: "<rect class=\"view").count - 1, n + 1)
        XCTAssertTrue(svg.contains("data-depth=\"\(n)\" x=\"\(n)\" y=\"\(n)\" width=\"\(n - 1)\" height=\"\(n)\">"))
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))

        // A document holds a few hundred levels: saving says so (its depth check walks with a
        // stack of its own), it does not crash.
        XCTAssertThrowsError(try LayoutDocument.save(root)) { error in
            guard case LayoutError.invalidHierarchy = error else { return XCTFail("\(error)") }
        }

        // setNeedsUpdateConstraints: the next pass runs the leaf's hook (only it), which moves
        // the leaf 3 further from the leading edge.
        updated = []
        laidOut = []
        leaf.updateConstraintsHook = { _ in
            updated.append(n)
            try? leading.setConstant(5)
        }
        leaf.setNeedsUpdateConstraints()
        try root.layoutIfNeeded()
        XCTAssertEqual(updated, [n])
        XCTAssertEqual(laidOut, [0, n / 2, n])
        XCTAssertEqual(leaf.frame, Rect(x: 1, y: 1, width: Double(n - 4), height: Double(n)))

        // Freeing the root frees the chain (with an explicit stack already).
        let leafID = leaf.id
        engine.free(root)
        XCTAssertFalse(leaf.isLive)
        XCTAssertFalse(middle.isLive)
        XCTAssertNil(engine.item(withID: leafID))
        XCTAssertTrue(engine.activeConstraints.isEmpty)
    }

    func testAutoresizingChainResizesAndRunsHooksAt100000Levels() throws {
        let n = Self.depth
        let engine = LayoutEngine()
        let side = 3 * Double(n)
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: side, height: side))
        var chain = [root]
        for k in 1...n {
            let v = try engine.makeView(frame: Rect(x: 1, y: 1, width: side - 2 * Double(k), height: side - 2 * Double(k)))
            v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            try chain.last!.addSubview(v)
            chain.append(v)
        }
        let middle = chain[n / 2], leaf = chain[n]
        try root.layoutIfNeeded()
        // Growing the root grows every view by as much (View.setFrame resized them by recursion).
        root.frame = Rect(x: 0, y: 0, width: side + 10, height: side + 20)
        XCTAssertEqual(leaf.frame, Rect(x: 1, y: 1, width: Double(n) + 10, height: Double(n) + 20))
        XCTAssertEqual(middle.frame, Rect(x: 1, y: 1, width: Double(2 * n) + 10, height: Double(2 * n) + 20))

        // Frame mode (nothing to solve): the hooks and the leaf's margins guide, over every view.
        var updated: [Int] = [], laidOut: [Int] = []
        for (k, v) in [(0, root), (n / 2, middle), (n, leaf)] {
            v.updateConstraintsHook = { _ in updated.append(k) }
            v.layoutSubviewsHook = { _ in laidOut.append(k) }
        }
        let margins = leaf.layoutMarginsGuide
        middle.setNeedsUpdateConstraints()
        leaf.setNeedsUpdateConstraints()
        root.setNeedsUpdateConstraints()
        try root.layoutIfNeeded()
        XCTAssertEqual(updated, [n, n / 2, 0])
        XCTAssertEqual(laidOut, [0, n / 2, n])
        XCTAssertEqual(margins.layoutFrame, Rect(x: 8, y: 8, width: Double(n) - 6, height: Double(n) + 4))
        XCTAssertEqual(leaf.frame, Rect(x: 1, y: 1, width: Double(n) + 10, height: Double(n) + 20))

        // Right to left from the root, asked at the bottom.
        XCTAssertEqual(leaf.effectiveUserInterfaceLayoutDirection, .leftToRight)
        root.semanticContentAttribute = .forceRightToLeft
        XCTAssertEqual(leaf.effectiveUserInterfaceLayoutDirection, .rightToLeft)
        middle.semanticContentAttribute = .forceLeftToRight
        XCTAssertEqual(leaf.effectiveUserInterfaceLayoutDirection, .leftToRight)
    }

    func testViewsKeepingTheirFramesAboveAConstrainedLeafAt100000Levels() throws {
        let n = Self.depth
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        // n - 1 views between the root and the leaf take no part in the solve (not constrained,
        // not translating) and keep their frames: the leaf's origin is found through all of them.
        var parent = root
        for _ in 1..<n {
            let v = try engine.makeConstrainedSubview(of: parent, frame: Rect(x: 1, y: 2, width: 10, height: 10))
            parent = v
        }
        let leaf = try engine.makeConstrainedSubview(of: parent)
        try activate([try leaf.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5),
                      try leaf.topAnchor.constraint(equalTo: root.topAnchor, constant: 5),
                      try leaf.widthAnchor.constraint(equalToConstant: 3),
                      try leaf.heightAnchor.constraint(equalToConstant: 4)])
        try root.layoutIfNeeded()
        XCTAssertEqual(leaf.frame, Rect(x: 5 - Double(n - 1), y: 5 - 2 * Double(n - 1), width: 3, height: 4))
        XCTAssertEqual(parent.frame, Rect(x: 1, y: 2, width: 10, height: 10))
    }

    func testReleasingAHierarchy100000LevelsDeep() throws {
        let n = Self.depth
        weak var weakLeaf: View?
        weak var weakRoot: View?
        var kept: View?
        // Built bottom-up, so that the last reference to each view but the root is its
        // superview's: releasing the engine releases the root, and with it the whole chain
        // (each view inside its superview's deinit, by recursion, before).
        func build() throws {
            let engine = LayoutEngine()
            var v = try engine.makeView()
            weakLeaf = v
            for k in 0..<n {
                let p = try engine.makeView()
                try p.addSubview(v)
                if k == n / 2 { kept = p }
                v = p
            }
            weakRoot = v
        }
        try build()
        XCTAssertNil(weakRoot)
        // A view the host still holds keeps its subtree, and its superview is gone.
        func checkKeptSubtree() throws {
            let middle = try XCTUnwrap(kept)
            XCTAssertNil(middle.superview)
            var bottom = middle, levels = 0
            while let s = bottom.subviews.first {
                bottom = s
                levels += 1
            }
            XCTAssertEqual(levels, n / 2 + 1)
            XCTAssertTrue(bottom === weakLeaf)
        }
        try checkKeptSubtree()
        XCTAssertNotNil(weakLeaf)
        kept = nil
        XCTAssertNil(weakLeaf)
    }

    // MARK: On a small stack

    /// Runs `body` on a thread with a stack of `bytes`, and waits for it: a walk that takes
    /// stack per level overflows it a few thousand levels down.
    private func onSmallStack<T>(bytes: Int, _ body: @escaping () throws -> T) throws -> T {
        let job = SmallStackJob(body)
        let thread = Thread {
            job.result = Result { try job.body() }
            job.done.signal()
        }
        thread.stackSize = bytes
        thread.start()
        job.done.wait()
        return try job.result!.get()
    }

    func testTraceOfADeepChainOnASmallStack() throws {
        let n = 3_000
        let engine = LayoutEngine()
        let chain = try constrainedChain(engine, depth: n).chain
        let root = chain[0], leaf = chain[n]
        leaf.identifier = "leaf"
        try root.layoutIfNeeded()
        let trace = try onSmallStack(bytes: 256 * 1024) { try root.autolayoutTrace() }
        let lines = trace.split(separator: "\n", omittingEmptySubsequences: false)
        // The legend (a blank line and four), a line per view, and the final newline.
        XCTAssertEqual(lines.count, 5 + (n + 1) + 1)
        XCTAssertEqual(lines[5], "•\(root.debugName)")
        XCTAssertEqual(lines[6], "|   *\(chain[1].debugName)")
        XCTAssertEqual(String(lines[5 + n]), String(repeating: "|   ", count: n) + "*View:\(displayID(leaf.id))'leaf'")
        XCTAssertFalse(trace.contains("AMBIGUOUS"))
    }

    func testBaselineOfStackViewsNestedDeepOnASmallStack() throws {
        let n = 2_000
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        // n vertical stack views, each arranging the next; the innermost arranges a view whose
        // first baseline is 7 below its top. The outer stack's first baseline is that view's.
        let outer = try engine.makeStackView()
        outer.axis = .vertical
        outer.translatesAutoresizingMaskIntoConstraints = false
        try root.addSubview(outer)
        var stack = outer
        for _ in 1..<n {
            let inner = try engine.makeStackView()
            inner.axis = .vertical
            try stack.addArrangedSubview(inner)
            stack = inner
        }
        let text = try engine.makeView()
        text.intrinsicContentSize = Size(width: 10, height: 10)
        text.firstBaselineOffsetFromTop = 7
        try stack.addArrangedSubview(text)
        let label = try engine.makeView()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.firstBaselineOffsetFromTop = 3
        try root.addSubview(label)
        try activate([try outer.leftAnchor.constraint(equalTo: root.leftAnchor),
                      try outer.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
                      try label.leftAnchor.constraint(equalTo: root.leftAnchor),
                      try label.widthAnchor.constraint(equalToConstant: 5),
                      try label.heightAnchor.constraint(equalToConstant: 6),
                      try label.firstBaselineAnchor.constraint(equalTo: outer.firstBaselineAnchor)])
        // The rebuild writes the baseline constraint through every nested stack view.
        try onSmallStack(bytes: 256 * 1024) { try root.layoutIfNeeded() }
        XCTAssertEqual(text.frame, Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(label.frame, Rect(x: 0, y: 20 + 7 - 3, width: 5, height: 6))
    }
}

/// A body to run on another thread and its result (handed over after `done`, so never shared
/// while in use).
private final class SmallStackJob<T>: @unchecked Sendable {
    let body: () throws -> T
    var result: Result<T, Error>?
    let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping () throws -> T) {
        self.body = body
    }
}
