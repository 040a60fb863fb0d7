import XCTest
@testable import Tether
import TetherTestSupport
import TetherViewTestSupport

/// Random hierarchies under random edits: every incremental pass gives the frames a forced full
/// rebuild gives (a twin engine built the same way and rebuilt before each of its passes), and
/// exactly the frames that writing every frame from the same solution gives.
///
/// Views that translate autoresizing masks are left out of the comparison with rebuilds: a
/// rebuild anchors their rules at their current frames, so a rebuilt root may differ from one
/// that was not once a superview's size went through zero (in the old pass as in this one). They
/// have their own test against writing every frame.
final class IncrementalPassRandomizedTests: XCTestCase {
    /// One copy of a random layout. Containers are pinned to their superview (or, for a container
    /// that keeps its frame, to nothing), hold a column of cells sized by their intrinsic heights,
    /// and some have a user guide and a margins guide; some translate autoresizing masks.
    private struct World {
        let engine = LayoutEngine()
        let root: View
        var views: [View] = []
        var guides: [LayoutGuide] = []
        /// Constraints whose constants the edits change, with the range of constants allowed.
        var tunable: [(LayoutConstraint, ClosedRange<Int>)] = []
        var cells: [View] = []

        init(seed: UInt64, translating: Bool) throws {
            var r = SeededGenerator(state: seed)
            root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
            views = [root]
            var containers: [(view: View, pinned: Bool)] = [(root, true)]
            for _ in 0..<r.int(2...5) {
                let parent = containers[r.int(0...(containers.count - 1))]
                let kind = r.int(0...5)
                if kind == 0 {
                    // Keeps its frame: nothing names it; its cells are constrained to the root.
                    let v = try engine.makeView(frame: Rect(x: Double(r.int(0...40)), y: Double(r.int(0...40)),
                                                            width: 150, height: 150))
                    v.translatesAutoresizingMaskIntoConstraints = false
                    try parent.view.addSubview(v)
                    containers.append((v, false))
                    views.append(v)
                } else if kind == 1 && parent.pinned && translating {
                    // Translates its autoresizing mask inside a participating superview.
                    let v = try engine.makeView(frame: Rect(x: Double(r.int(0...30)), y: Double(r.int(0...30)),
                                                            width: Double(r.int(50...120)), height: Double(r.int(50...120))))
                    v.autoresizingMask = AutoresizingMask(rawValue: UInt32(r.int(0...63)))
                    try parent.view.addSubview(v)
                    containers.append((v, true))
                    views.append(v)
                } else {
                    let v = try engine.makeConstrainedSubview(of: parent.view)
                    let anchor = parent.pinned ? parent.view : root
                    let left = try v.leftAnchor.constraint(equalTo: anchor.leftAnchor, constant: Double(r.int(0...30)))
                    let top = try v.topAnchor.constraint(equalTo: anchor.topAnchor, constant: Double(r.int(0...30)))
                    let width = try v.widthAnchor.constraint(equalTo: anchor.widthAnchor, multiplier: 0.5,
                                                             constant: Double(r.int(-20...0)))
                    let height = try v.heightAnchor.constraint(equalToConstant: Double(r.int(100...200)))
                    try activate([left, top, width, height])
                    tunable += [(left, 0...40), (top, 0...40), (width, -30...0), (height, 80...220)]
                    if r.chance(0.5) {
                        let g = engine.makeLayoutGuide()
                        try v.addLayoutGuide(g)
                        let gl = try g.leftAnchor.constraint(equalTo: root.leftAnchor, constant: Double(r.int(0...50)))
                        try activate([gl, g.topAnchor.constraint(equalTo: v.topAnchor, constant: 3),
                                      g.widthAnchor.constraint(equalToConstant: 7), g.heightAnchor.constraint(equalToConstant: 9)])
                        tunable.append((gl, 0...60))
                        guides.append(g)
                    }
                    if r.chance(0.4) { guides.append(v.layoutMarginsGuide) }
                    containers.append((v, true))
                    views.append(v)
                }
            }
            for (container, pinned) in containers where container !== root {
                let anchor = pinned ? container : root
                var previous: View?
                for _ in 0..<r.int(0...4) {
                    let cell = try engine.makeView()
                    cell.translatesAutoresizingMaskIntoConstraints = false
                    cell.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: Double(r.int(10...60)))
                    try container.addSubview(cell)
                    let top = try previous.map { try cell.topAnchor.constraint(equalTo: $0.bottomAnchor, constant: 4) }
                        ?? cell.topAnchor.constraint(equalTo: anchor.topAnchor, constant: Double(r.int(0...20)))
                    let left = try cell.leftAnchor.constraint(equalTo: anchor.leftAnchor, constant: Double(r.int(0...20)))
                    let fallback = try cell.heightAnchor.constraint(equalToConstant: 30)
                    try fallback.setPriority(LayoutPriority(200))
                    try activate([top, left, cell.widthAnchor.constraint(equalToConstant: Double(r.int(20...80))),
                                  cell.heightAnchor.constraint(greaterThanOrEqualToConstant: 5), fallback])
                    tunable += [(top, 0...30), (left, 0...30)]
                    cells.append(cell)
                    views.append(cell)
                    previous = cell
                }
            }
        }

        func installHooks(on indices: [Int], log: @escaping (Int) -> Void) {
            for i in indices { views[i].layoutSubviewsHook = { _ in log(i) } }
        }

        var frames: [Rect] { views.map(\.frame) + guides.map(\.layoutFrame) }
        var layout: RootLayout { engine.rootLayouts[ObjectIdentifier(root)]! }
    }

    private enum Edit {
        case constant(Int, Double)
        case intrinsic(Int, Double)
        case invalidate(Int, Double)  // the stored size changed behind the engine's back, then invalidated
        case resize(Double, Double)
        case needsLayout
        case hook(Int, Bool)
    }

    private func randomEdit(_ r: inout SeededGenerator, _ w: World) -> Edit {
        switch r.int(0...9) {
        case 0...3 where !w.tunable.isEmpty:
            let k = r.int(0...(w.tunable.count - 1))
            return .constant(k, Double(r.int(w.tunable[k].1)))
        case 4...5 where !w.cells.isEmpty:
            let k = r.int(0...(w.cells.count - 1))
            // Mostly a new height; sometimes none (the metric is lost: a rebuild) or back.
            return .intrinsic(k, r.chance(0.1) ? View.noIntrinsicMetric : Double(r.int(0...80)))
        case 6 where !w.cells.isEmpty:
            return .invalidate(r.int(0...(w.cells.count - 1)), Double(r.int(10...70)))
        case 7:
            return .resize(Double(r.int(200...500)), Double(r.int(300...700)))
        case 8:
            return .hook(r.int(0...(w.views.count - 1)), r.chance(0.5))
        default:
            return .needsLayout
        }
    }

    private func apply(_ edit: Edit, to w: World, log: @escaping (Int) -> Void) {
        switch edit {
        case .constant(let k, let c): w.tunable[k].0.constant = c
        case .intrinsic(let k, let h): w.cells[k].intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: h)
        case .invalidate(let k, let h):
            w.cells[k].storedIntrinsicSize = Size(width: View.noIntrinsicMetric, height: h)
            w.cells[k].invalidateIntrinsicContentSize()
        case .resize(let width, let height): w.root.frame = Rect(x: 0, y: 0, width: width, height: height)
        case .needsLayout: w.root.setNeedsLayout()
        case .hook(let i, let on): w.views[i].layoutSubviewsHook = on ? { _ in log(i) } : nil
        }
    }

    private func assertClose(_ a: [Rect], _ b: [Rect], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, file: file, line: line)
        for (i, (x, y)) in zip(a, b).enumerated() {
            let close = abs(x.minX - y.minX) <= 1e-7 && abs(x.minY - y.minY) <= 1e-7
                && abs(x.width - y.width) <= 1e-7 && abs(x.height - y.height) <= 1e-7
            if !close {
                XCTFail("\(what): rect \(i) is \(x), expected \(y)", file: file, line: line)
                return
            }
        }
    }

    func testIncrementalPassesMatchAFullRebuild() throws {
        var incrementalPasses = 0, partialPasses = 0
        for seed in UInt64(1)...40 {
            let incremental = try World(seed: seed, translating: false)
            let reference = try World(seed: seed, translating: false)
            var logA: [Int] = [], logB: [Int] = []
            incremental.installHooks(on: [0, incremental.views.count / 2]) { logA.append($0) }
            reference.installHooks(on: [0, reference.views.count / 2]) { logB.append($0) }
            try incremental.root.layoutIfNeeded()
            try reference.root.layoutIfNeeded()
            var r = SeededGenerator(state: seed &* 7919)
            for step in 0..<30 {
                let edits = r.chance(0.25) ? 3 : 1
                for _ in 0..<edits {
                    let edit = randomEdit(&r, incremental)
                    apply(edit, to: incremental) { logA.append($0) }
                    apply(edit, to: reference) { logB.append($0) }
                }
                logA = []
                logB = []
                // Both run a pass (an edit may change nothing, and a hook alone asks for none).
                incremental.root.setNeedsLayout()
                try incremental.root.layoutIfNeeded()
                reference.layout.needsRebuild = true
                reference.root.setNeedsLayout()
                try reference.root.layoutIfNeeded()
                let what = "seed \(seed) step \(step)"
                assertClose(incremental.frames, reference.frames, what)
                XCTAssertEqual(logA, logB, "\(what): the same hooks in the same order")
                let pass = incremental.layout.lastPass
                if !pass.wroteEveryFrame {
                    incrementalPasses += 1
                    if pass.framesWritten < incremental.views.count - 1 { partialPasses += 1 }
                }
                // The same solution written in full gives exactly the same frames.
                let written = incremental.frames
                incremental.layout.framesNeedFullPass = true
                incremental.layout.applyFrames()
                XCTAssertEqual(incremental.frames, written, "\(what): every frame written from the same solution")
                logA = []
            }
        }
        XCTAssertGreaterThan(incrementalPasses, 500, "most passes are incremental")
        XCTAssertGreaterThan(partialPasses, 300, "and most write only some frames")
    }

    func testIncrementalPassesWithTranslatingViewsMatchWritingEveryFrame() throws {
        var translatingWorlds = 0
        for seed in UInt64(100)...140 {
            let w = try World(seed: seed, translating: true)
            if w.views.contains(where: { $0 !== w.root && $0.translatesAutoresizingMaskIntoConstraints }) {
                translatingWorlds += 1
            }
            try w.root.layoutIfNeeded()
            var r = SeededGenerator(state: seed &* 104_729)
            for step in 0..<30 {
                apply(randomEdit(&r, w), to: w) { _ in }
                w.root.setNeedsLayout()
                try w.root.layoutIfNeeded()
                let written = w.frames
                w.layout.framesNeedFullPass = true
                w.layout.applyFrames()
                XCTAssertEqual(w.frames, written, "seed \(seed) step \(step): every frame written from the same solution")
            }
        }
        XCTAssertGreaterThan(translatingWorlds, 10)
    }
}
