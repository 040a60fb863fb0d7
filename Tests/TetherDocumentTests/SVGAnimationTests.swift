import XCTest
@testable import Tether
@testable import TetherDocument
import TetherViewTestSupport

/// Animated SVG documents and stills at a clock time: the `<animate>` elements carry the
/// presentation frames sampled at the frame rate, and a still shows the presentation frames.
final class SVGAnimationTests: XCTestCase {
    /// root (200 x 100) with `box` at (10, top) 40 x 20, and `tip` pinned in box's top-left
    /// corner (10 x 5); `still` never moves.
    private struct Scene {
        let engine = LayoutEngine()
        let root: View, box: View, tip: View, still: View
        let top: LayoutConstraint

        init() throws {
            root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 200, height: 100), identifier: "root")
            box = try engine.makeConstrainedSubview(of: root, identifier: "box")
            tip = try engine.makeConstrainedSubview(of: box, identifier: "tip")
            still = try engine.makeConstrainedSubview(of: root, identifier: "still")
            top = try box.topAnchor.constraint(equalTo: root.topAnchor, constant: 60)
            try activate([
                top,
                try box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                try box.widthAnchor.constraint(equalToConstant: 40),
                try box.heightAnchor.constraint(equalToConstant: 20),
                try tip.topAnchor.constraint(equalTo: box.topAnchor),
                try tip.leadingAnchor.constraint(equalTo: box.leadingAnchor),
                try tip.widthAnchor.constraint(equalToConstant: 10),
                try tip.heightAnchor.constraint(equalToConstant: 5),
                try still.topAnchor.constraint(equalTo: root.topAnchor, constant: 4),
                try still.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 150),
                try still.widthAnchor.constraint(equalToConstant: 30),
                try still.heightAnchor.constraint(equalToConstant: 30),
            ])
            try engine.layoutIfNeeded(root)
        }

        /// Raises the box by 50 points in a block of `duration` seconds.
        func raise(duration: Double = 0.5, curve: AnimationCurve = .linear) throws {
            try Animation.animate(AnimationOptions(duration: duration, curve: curve)) {
                top.constant = 10
                try engine.layoutIfNeeded(root)
            }
        }
    }

    // MARK: A minimal reading of the document (every element is on its own line)

    /// The attributes of the first element named `name` in `text`.
    private func attributes(of name: String, in text: Substring) -> [String: String]? {
        guard let start = text.range(of: "<\(name) ") else { return nil }
        var rest = text[start.upperBound...]
        var result: [String: String] = [:]
        while let eq = rest.firstIndex(of: "="), !rest[..<eq].contains(">") {
            let key = rest[..<eq].trimmingCharacters(in: .whitespaces)
            let open = rest.index(after: eq)
            guard rest[open] == "\"", let close = rest[rest.index(after: open)...].firstIndex(of: "\"") else { break }
            result[key] = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
        }
        return result
    }

    /// The `<animate>` elements of the line, by attribute name.
    private func animations(in line: String) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for part in line.components(separatedBy: "<animate ").dropFirst() {
            let element = "<animate " + part
            if let a = attributes(of: "animate", in: Substring(element)), let name = a["attributeName"] { result[name] = a }
        }
        return result
    }

    private func line(_ svg: String, _ prefix: String, id: UInt64) -> String {
        svg.split(separator: "\n").map(String.init).first { $0.hasPrefix(prefix) && $0.contains("data-id=\"\(displayID(id))\"") } ?? ""
    }

    /// Checks that every start tag is closed in order (a well-formedness check of the nesting).
    private func assertBalanced(_ svg: String, file: StaticString = #filePath, line: UInt = #line) {
        var stack: [String] = []
        var rest = Substring(svg)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { return XCTFail("unclosed tag", file: file, line: line) }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("?") || tag.hasSuffix("/") { continue }
            let name = String(tag.split(separator: " ").first ?? "")
            if name.hasPrefix("/") {
                XCTAssertEqual(stack.popLast(), String(name.dropFirst()), file: file, line: line)
            } else {
                stack.append(name)
            }
        }
        XCTAssertEqual(stack, [], file: file, line: line)
    }

    private func numbers(_ list: String?) -> [Double] {
        (list ?? "").split(separator: ";").map { Double($0)! }
    }

    // MARK: Tests

    func testSampleTimesSpanTheClockToTheLastEnd() throws {
        let scene = try Scene()
        try scene.raise(duration: 0.1)
        let times = try SVGAnimation.sampleTimes(of: scene.root, framesPerSecond: 30)
        XCTAssertEqual(times.count, 4)  // 0, 1/30, 2/30 and the end 0.1 (3/30 is the end itself)
        XCTAssertEqual(times.first, 0)
        XCTAssertEqual(times.last!, 0.1, accuracy: 1e-12)
        XCTAssertEqual(times[1], 1.0 / 30, accuracy: 1e-12)
        XCTAssertEqual(try SVGAnimation.times(from: 1, to: 1, framesPerSecond: 60), [1])
        XCTAssertEqual(try SVGAnimation.times(from: 0, to: 0.25, framesPerSecond: 10), [0, 0.1, 0.2, 0.25])
    }

    func testAnimatedValuesAreThePresentationFramesAtTheSampleTimes() throws {
        let scene = try Scene()
        try scene.raise(curve: .easeInOut)
        try scene.engine.advance(by: 0.1)
        let svg = try scene.root.animatedSVG(SVGAnimationOptions(framesPerSecond: 20))
        assertBalanced(svg)
        let times = try SVGAnimation.sampleTimes(of: scene.root, framesPerSecond: 20)
        XCTAssertEqual(times.first, 0.1)
        XCTAssertEqual(times.last!, 0.5, accuracy: 1e-12)

        for view in [scene.box, scene.tip] {
            let rect = line(svg, "<rect class=\"view", id: view.id)
            let moves = animations(in: rect)
            XCTAssertEqual(Set(moves.keys), ["y"], "only y changes for \(view.identifier)")
            let y = try XCTUnwrap(moves["y"])
            XCTAssertEqual(y["calcMode"], "linear")
            XCTAssertEqual(y["fill"], "freeze")
            XCTAssertEqual(y["dur"], "0.4s")
            XCTAssertNil(y["repeatCount"])
            let keyTimes = numbers(y["keyTimes"]), values = numbers(y["values"])
            XCTAssertEqual(keyTimes.count, times.count)
            XCTAssertEqual(values.count, times.count)
            for (k, t) in times.enumerated() {
                XCTAssertEqual(keyTimes[k], (t - 0.1) / 0.4, accuracy: 1e-6)
                let expected = try view.presentationFrame(in: scene.root, at: t).minY
                XCTAssertEqual(values[k], expected, accuracy: 0.0005, "\(view.identifier) at \(t)")
            }
            XCTAssertEqual(values.last, 10)
            // The label moves with its view.
            let label = line(svg, "<text class=\"label", id: view.id)
            if !label.isEmpty {
                let labelY = numbers(animations(in: label)["y"]?["values"])
                XCTAssertEqual(labelY.count, times.count)
                XCTAssertEqual(labelY.last! - labelY.first!, values.last! - values.first!, accuracy: 0.002)
            }
        }
        // Views that do not move get no <animate>.
        XCTAssertFalse(line(svg, "<rect class=\"view", id: scene.still.id).contains("<animate"))
        XCTAssertFalse(line(svg, "<rect class=\"view", id: scene.root.id).contains("<animate"))
        XCTAssertTrue(svg.contains("data-animated-views=\"2\""))
        // Drawing samples the clock: it does not move it.
        XCTAssertEqual(scene.engine.animationClock, 0.1)
    }

    func testTheDocumentStartsAtThePresentationFramesAndIsDeterministic() throws {
        let scene = try Scene()
        try scene.raise()
        try scene.engine.advance(by: 0.25)
        let svg = try scene.root.animatedSVG()
        // The static attributes show the frame at the clock: halfway up, linearly.
        let rect = line(svg, "<rect class=\"view", id: scene.box.id)
        XCTAssertTrue(rect.contains(" y=\"35\""), rect)
        let scene2 = try Scene()
        try scene2.raise()
        try scene2.engine.advance(by: 0.25)
        XCTAssertEqual(try scene2.root.animatedSVG(), svg)
    }

    func testRepeatCountAndNoAnimation() throws {
        let scene = try Scene()
        let idle = try scene.root.animatedSVG()
        XCTAssertFalse(idle.contains("<animate"))
        XCTAssertEqual(idle, try scene.root.svg(SVGOptions(presentationTime: 0)))
        try scene.raise()
        let forever = try scene.root.animatedSVG(SVGAnimationOptions(repeatCount: .infinity))
        XCTAssertTrue(forever.contains("repeatCount=\"indefinite\""))
        let twice = try scene.root.animatedSVG(SVGAnimationOptions(repeatCount: 2))
        XCTAssertTrue(twice.contains("repeatCount=\"2\""))
    }

    func testAStillAtATimeShowsThePresentationFrames() throws {
        let scene = try Scene()
        try scene.raise(curve: .easeIn)
        for t in [0.0, 0.1, 0.3, 0.5, 2.0] {
            let svg = try scene.root.svg(SVGOptions(presentationTime: t))
            for view in [scene.box, scene.tip, scene.still] {
                let f = try view.presentationFrame(in: scene.root, at: t)
                let rect = line(svg, "<rect class=\"view", id: view.id)
                let a = try XCTUnwrap(attributes(of: "rect", in: Substring(rect)))
                XCTAssertEqual(Double(a["y"]!)!, f.minY, accuracy: 0.0005, "\(view.identifier) at \(t)")
                XCTAssertEqual(Double(a["x"]!)!, f.minX, accuracy: 0.0005)
                XCTAssertEqual(Double(a["height"]!)!, f.height, accuracy: 0.0005)
            }
        }
        // Without a time: the model frames.
        let model = line(try scene.root.svg(), "<rect class=\"view", id: scene.box.id)
        XCTAssertTrue(model.contains(" y=\"10\""), model)
        let early = line(try scene.root.svg(SVGOptions(presentationTime: 0)), "<rect class=\"view", id: scene.box.id)
        XCTAssertTrue(early.contains(" y=\"60\""), early)
    }

    func testFrameDocumentsAreStillsAtTheSampleTimes() throws {
        let scene = try Scene()
        try scene.raise()
        let frames = try SVGAnimation.frameDocuments(of: scene.root, SVGAnimationOptions(framesPerSecond: 4))
        XCTAssertEqual(frames.map(\.time), [0, 0.25, 0.5])
        for (t, svg) in frames {
            XCTAssertEqual(svg, try scene.root.svg(SVGOptions(presentationTime: t)))
        }
    }

    func testBadOptionsAreRefused() throws {
        let scene = try Scene()
        try scene.raise()
        for fps in [0.0, -1, .nan, .infinity] {
            XCTAssertThrowsError(try scene.root.animatedSVG(SVGAnimationOptions(framesPerSecond: fps))) { error in
                XCTAssertTrue("\(error)".contains("frames per second"), "\(error)")
            }
        }
        XCTAssertThrowsError(try scene.root.animatedSVG(SVGAnimationOptions(repeatCount: 0)))
        XCTAssertThrowsError(try scene.root.animatedSVG(SVGAnimationOptions(repeatCount: .nan)))
        XCTAssertThrowsError(try scene.root.svg(SVGOptions(presentationTime: .nan)))
        // Too many frames: 50,001 samples of 104 views.
        for _ in 0..<100 { _ = try scene.engine.makeConstrainedSubview(of: scene.still) }
        XCTAssertThrowsError(try scene.root.animatedSVG(SVGAnimationOptions(framesPerSecond: 100_000))) { error in
            XCTAssertTrue("\(error)".contains("lower the frame rate"), "\(error)")
        }
        // Too many samples: 0.5 s at a million frames per second.
        XCTAssertThrowsError(try scene.root.animatedSVG(SVGAnimationOptions(framesPerSecond: 1e6))) { error in
            XCTAssertTrue("\(error)".contains("samples"), "\(error)")
        }
    }
}
