import XCTest
@testable import Tether

/// Reference cycles: the engine owns its views, guides and constraints; items reach their engine
/// and superview weakly. Once the engine (or a freed object) is dropped, nothing of it may stay
/// alive. Checked with weak references, which makes these tests exact where a leak checker is
/// not: under AddressSanitizer, LeakSanitizer cannot tell a Tether cycle from the test-case
/// objects XCTest itself never frees (see mk/sanitize.mk).
final class LifetimeTests: XCTestCase {
    /// Weak references to everything a scenario made, checked after it returns.
    private struct Watch {
        private var objects: [(String, () -> AnyObject?)] = []

        mutating func add(_ name: String, _ object: AnyObject) {
            weak var weakObject = object
            objects.append((name, { weakObject }))
        }

        func alive() -> [String] { objects.filter { $0.1() != nil }.map(\.0) }
        var count: Int { objects.count }
    }

    /// A screen that uses every owning structure: subviews, guides (owned and system),
    /// constraints from anchors and from the visual format, content sizes, a measure closure,
    /// layout hooks, autoresizing translation, a conflict (broken constraint), inspection
    /// (descriptions, ambiguity, constraints affecting layout, the trace, fitting sizes).
    private func buildAndLayOut(_ watch: inout Watch, keep engineOut: inout LayoutEngine?) throws {
        let engine = LayoutEngine()
        engine.diagnosticHandler = { _ in }
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let header = try engine.makeView(), body = try engine.makeView(), label = try engine.makeView()
        let translated = try engine.makeView(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        translated.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        for v in [header, body] {
            v.translatesAutoresizingMaskIntoConstraints = false
            try root.addSubview(v)
        }
        label.translatesAutoresizingMaskIntoConstraints = false
        try body.addSubview(label)
        try body.addSubview(translated)
        label.measure = { width in Measurement(width: min(width.isNaN ? 120 : width, 120), height: 20) }
        header.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: 44)
        header.updateConstraintsHook = { _ in }
        body.layoutSubviewsHook = { _ in }
        let guide = engine.makeLayoutGuide()
        try root.addLayoutGuide(guide)
        var made = try constraints(withVisualFormat: "V:|-[header]-[body]-|", views: ["header": header, "body": body])
        made += try constraints(withVisualFormat: "H:|-[header]-|", views: ["header": header])
        made += try [
            body.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor),
            body.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            guide.leftAnchor.constraint(equalTo: root.leftAnchor),
            guide.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
            label.leadingAnchor.constraint(equalTo: body.leadingAnchor, constant: 8),
            label.topAnchor.constraint(equalTo: body.topAnchor, constant: 8),
            // Conflicts with the VFL height chain: one of them is broken and reported.
            body.heightAnchor.constraint(equalToConstant: 10_000),
        ]
        try activate(made)
        try root.layoutIfNeeded()
        _ = label.hasAmbiguousLayout
        _ = try label.constraintsAffectingLayout(for: .horizontal)
        _ = try root.autolayoutTrace()
        _ = translated.constraintsEquivalentToAutoresizingMask()
        _ = try root.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        _ = made.map(\.description) + [root.description, guide.description]
        made[0].constant = 12
        try root.layoutIfNeeded()

        watch.add("engine", engine)
        for (name, v) in [("root", root), ("header", header), ("body", body), ("label", label),
                          ("translated", translated)] {
            watch.add(name, v)
        }
        watch.add("guide", guide)
        watch.add("margins guide", root.layoutMarginsGuide)
        watch.add("safe-area guide", root.safeAreaLayoutGuide)
        for (i, c) in made.enumerated() { watch.add("constraint \(i)", c) }
        for layout in engine.rootLayouts.values { watch.add("root layout", layout) }
        engineOut = engine
    }

    func testDroppingTheEngineFreesEverythingItMade() throws {
        var watch = Watch()
        var engine: LayoutEngine?
        try buildAndLayOut(&watch, keep: &engine)
        XCTAssertEqual(watch.alive().count, watch.count, "the engine keeps its objects alive")
        engine = nil
        XCTAssertEqual(watch.alive(), [], "objects outlived their engine (a reference cycle)")
    }

    func testFreedViewsGuidesAndConstraintsAreReleasedWhileTheEngineLives() throws {
        let engine = LayoutEngine()
        var watch = Watch()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        try {
            let v = try engine.makeView(), inner = try engine.makeView()
            v.translatesAutoresizingMaskIntoConstraints = false
            try root.addSubview(v)
            try v.addSubview(inner)
            let guide = engine.makeLayoutGuide()
            try v.addLayoutGuide(guide)
            let lonely = try v.widthAnchor.constraint(equalToConstant: 10)
            try activate([
                v.leftAnchor.constraint(equalTo: root.leftAnchor),
                v.topAnchor.constraint(equalTo: root.topAnchor),
                v.heightAnchor.constraint(equalTo: v.layoutMarginsGuide.heightAnchor),
                guide.widthAnchor.constraint(equalTo: v.widthAnchor),
                lonely,
            ])
            try root.layoutIfNeeded()
            watch.add("view", v)
            watch.add("subview", inner)
            watch.add("guide", guide)
            watch.add("margins guide", v.layoutMarginsGuide)
            watch.add("freed constraint", lonely)
            engine.free(lonely)
            engine.free(v)
        }()
        try root.layoutIfNeeded()
        XCTAssertEqual(watch.alive(), [], "freed objects are still referenced by the engine")
        XCTAssertTrue(engine.items.compactMap { $0 }.allSatisfy { $0 === root })
    }
}
