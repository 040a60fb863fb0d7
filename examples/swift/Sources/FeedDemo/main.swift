// The demo's social-feed screen (examples/c/feed_example.c, examples/python/feed_demo.py) built
// with Tether's Swift API from another Swift package, as a UIKit developer would write it:
//
//   - a header under the safe area: a centred title and a compose button at its trailing margin;
//   - a feed: a vertical stack view of cells, each an avatar beside a paragraph of wrapping text
//     whose size a closure measures (height-for-width), each cell as tall as its content;
//   - a toolbar: a horizontal stack view of four buttons of equal width (fill equally).
//
// Laid out at 390 x 844 (portrait), then 844 x 390 (landscape), each printed as the C example
// prints it, checked against frames worked out by hand, for conflicts and for ambiguity, and
// drawn into FEED_EXAMPLE_OUT (default: out) as SVG. Exits non-zero on any difference.
//
// Build and run (from the repository root):
//   swift run --package-path examples/swift feed-demo
import Tether
import TetherDocument

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let characterWidth = 7.0  // the text's font: every character 7 points wide,
let lineHeight = 18.0     // lines 18 points apart
let postLengths = [45, 119, 242]  // the posts' texts, in characters
let buttons: [(name: String, width: Double)] = [("home", 60), ("search", 70), ("post", 50), ("profile", 70)]

func textLines(_ length: Int, width: Double) -> Int {
    max(1, Int((Double(length) * characterWidth / width - 1e-9).rounded(.up)))
}

/// A view added to `superview`, placed by constraints, named for descriptions and pictures.
func subview(_ superview: View, _ name: String, engine: LayoutEngine) throws(LayoutError) -> View {
    let view = try engine.makeView()
    view.identifier = name
    view.translatesAutoresizingMaskIntoConstraints = false
    try superview.addSubview(view)
    return view
}

struct FeedScreen {
    let root: View, header: View, title: View, compose: View, feed: View
    let cells: StackView, toolbar: StackView
    var cell: [View] = [], avatar: [View] = [], text: [View] = [], button: [View] = []

    init(engine: LayoutEngine) throws(LayoutError) {
        root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        root.identifier = "screen"
        let safe = root.safeAreaLayoutGuide

        header = try subview(root, "header", engine: engine)
        title = try subview(header, "title", engine: engine)
        compose = try subview(header, "compose", engine: engine)
        title.intrinsicContentSize = Size(width: 120, height: 22)
        compose.intrinsicContentSize = Size(width: 44, height: 44)

        feed = try subview(root, "feed", engine: engine)
        cells = try engine.makeStackView()
        try feed.addSubview(cells)
        cells.translatesAutoresizingMaskIntoConstraints = false
        cells.identifier = "cells"
        cells.axis = .vertical
        cells.spacing = 8

        var constraints: [LayoutConstraint] = []
        for (i, length) in postLengths.enumerated() {
            let cell = try engine.makeView()
            cell.identifier = "cell\(i)"
            try cells.addArrangedSubview(cell)
            let avatar = try subview(cell, "avatar\(i)", engine: engine)
            let text = try subview(cell, "text\(i)", engine: engine)
            // One line when the width is not known yet (NaN), else wrapped to the width.
            text.measure = { proposedWidth in
                let natural = Double(length) * characterWidth
                if proposedWidth.isNaN { return Measurement(width: natural, height: lineHeight) }
                return Measurement(width: min(natural, proposedWidth),
                                   height: Double(textLines(length, width: proposedWidth)) * lineHeight)
            }
            let fitting = try cell.heightAnchor.constraint(equalToConstant: 0)
            try fitting.setPriority(LayoutPriority(1))  // as tall as its content, no taller
            constraints += [
                try avatar.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 12),
                try avatar.topAnchor.constraint(equalTo: cell.topAnchor, constant: 12),
                try avatar.widthAnchor.constraint(equalToConstant: 40),
                try avatar.heightAnchor.constraint(equalToConstant: 40),
                try text.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 12),
                try text.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -12),
                try text.topAnchor.constraint(equalTo: cell.topAnchor, constant: 12),
                try cell.bottomAnchor.constraint(greaterThanOrEqualTo: avatar.bottomAnchor, constant: 12),
                try cell.bottomAnchor.constraint(greaterThanOrEqualTo: text.bottomAnchor, constant: 12),
                fitting,
            ]
            self.cell.append(cell)
            self.avatar.append(avatar)
            self.text.append(text)
        }

        toolbar = try engine.makeStackView()
        try root.addSubview(toolbar)
        toolbar.translatesAutoresizingMaskIntoConstraints = false
        toolbar.identifier = "toolbar"
        toolbar.distribution = .fillEqually
        toolbar.spacing = 8
        for (name, width) in buttons {
            let button = try engine.makeView()
            button.identifier = name
            button.intrinsicContentSize = Size(width: width, height: 36)
            try toolbar.addArrangedSubview(button)
            self.button.append(button)
        }

        constraints += [
            try header.topAnchor.constraint(equalTo: safe.topAnchor),
            try header.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            try header.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            try header.heightAnchor.constraint(equalToConstant: 56),
            try title.centerXAnchor.constraint(equalTo: header.centerXAnchor),
            try title.centerYAnchor.constraint(equalTo: header.centerYAnchor),
            try compose.trailingAnchor.constraint(equalTo: header.layoutMarginsGuide.trailingAnchor),
            try compose.centerYAnchor.constraint(equalTo: header.centerYAnchor),
            try toolbar.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 16),
            try toolbar.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -16),
            try toolbar.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -8),
            try toolbar.heightAnchor.constraint(equalToConstant: 44),
            try feed.topAnchor.constraint(equalTo: header.bottomAnchor),
            try feed.bottomAnchor.constraint(equalTo: toolbar.topAnchor, constant: -8),
            try feed.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            try feed.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            try cells.topAnchor.constraint(equalTo: feed.topAnchor, constant: 8),
            try cells.leadingAnchor.constraint(equalTo: feed.leadingAnchor, constant: 8),
            try cells.trailingAnchor.constraint(equalTo: feed.trailingAnchor, constant: -8),
        ]
        try activate(constraints)
    }
}

/// The view's frame in the screen's coordinates (frames are in their superview's).
func screenFrame(_ view: View) -> Rect {
    var frame = view.frame
    var ancestor = view.superview
    while let parent = ancestor {
        frame.origin.x += parent.frame.origin.x
        frame.origin.y += parent.frame.origin.y
        ancestor = parent.superview
    }
    return frame
}

/// Counts what went wrong: frames that differ from the hand-worked ones, ambiguous views and the
/// conflicts the engine reports through its diagnostic handler.
final class Checker {
    var problems = 0
    var conflicts = 0

    /// Prints the view's frame as the C example does and compares it with (x, y, width, height).
    func expect(_ name: String, _ view: View, _ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        let r = screenFrame(view)
        let ok = abs(r.minX - x) < 1e-6 && abs(r.minY - y) < 1e-6 && abs(r.width - width) < 1e-6
            && abs(r.height - height) < 1e-6
        let ambiguous = view.hasAmbiguousLayout
        let columns = [r.minX, r.minY, r.width, r.height].map { pad(fixed1($0), 7) }.joined(separator: " ")
        print("  \(name.padding(8)) \(columns)  \(ok ? "ok" : "MISMATCH")\(ambiguous ? " AMBIGUOUS" : "")")
        if !ok { print("           expected (\(x), \(y), \(width), \(height))") }
        problems += (ok ? 0 : 1) + (ambiguous ? 1 : 0)
    }
}

/// `value` with one decimal, as C's "%.1f" prints it.
func fixed1(_ value: Double) -> String {
    let tenths = (abs(value) * 10).rounded()
    let sign = value < 0 && tenths != 0 ? "-" : ""
    return "\(sign)\(Int(tenths) / 10).\(Int(tenths) % 10)"
}

func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}

/// `%g` for the whole-point sizes the example uses.
func whole(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }

func layOut(_ screen: FeedScreen, _ name: String, checker: Checker, width: Double, height: Double, safe: EdgeInsets,
            outFolder: String) throws {
    let safeX = safe.left, safeW = width - safe.left - safe.right
    let toolbarW = safeW - 32, toolbarY = height - safe.bottom - 8 - 44
    let feedY = safe.top + 56, feedH = toolbarY - 8 - feedY
    let buttonW = (toolbarW - 3 * 8) / 4, cellW = safeW - 16
    let textW = cellW - 12 - 40 - 12 - 12

    screen.root.frame = Rect(x: 0, y: 0, width: width, height: height)
    screen.root.safeAreaInsets = safe
    try screen.root.layoutIfNeeded()
    print("\n\(name): \(whole(width)) x \(whole(height))")
    print("  \("view".padding(8)) \(pad("x", 7)) \(pad("y", 7)) \(pad("width", 7)) \(pad("height", 7))")
    checker.expect("header", screen.header, safeX, safe.top, safeW, 56)
    checker.expect("title", screen.title, safeX + (safeW - 120) / 2, safe.top + 17, 120, 22)
    checker.expect("compose", screen.compose, safeX + safeW - 8 - 44, safe.top + 6, 44, 44)
    checker.expect("feed", screen.feed, safeX, feedY, safeW, feedH)
    var y = feedY + 8
    for (i, length) in postLengths.enumerated() {
        let textH = Double(textLines(length, width: textW)) * lineHeight
        let cellH = max(textH, 40) + 24
        checker.expect("cell", screen.cell[i], safeX + 8, y, cellW, cellH)
        checker.expect("avatar", screen.avatar[i], safeX + 20, y + 12, 40, 40)
        checker.expect("text", screen.text[i], safeX + 8 + 64, y + 12, textW, textH)
        y += cellH + 8
    }
    checker.expect("cells", screen.cells, safeX + 8, feedY + 8, cellW, y - 8 - (feedY + 8))
    checker.expect("toolbar", screen.toolbar, safeX + 16, toolbarY, toolbarW, 44)
    for (i, button) in screen.button.enumerated() {
        checker.expect(buttons[i].name, button, safeX + 16 + Double(i) * (buttonW + 8), toolbarY, buttonW, 44)
    }

    let path = "\(outFolder)/feed-\(name).svg"
    try writeFile(try screen.root.svg(), to: path)
    print("  picture: \(path)")
}

struct FileError: Error, CustomStringConvertible {
    let description: String
}

func writeFile(_ text: String, to path: String) throws {
    guard let file = fopen(path, "w") else { throw FileError(description: "cannot write \(path)") }
    defer { fclose(file) }
    guard fputs(text, file) >= 0 else { throw FileError(description: "cannot write \(path)") }
}

/// Standard error as a stream for `print(_:to:)` (the C global `stderr` is shared mutable state to
/// Swift 6, so write to descriptor 2 instead).
struct StandardError: TextOutputStream {
    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in writeToStandardError(bytes) }
    }
}

func writeToStandardError(_ bytes: UnsafeBufferPointer<UInt8>) {
    _ = write(2, bytes.baseAddress, bytes.count)
}

do {
    let outFolder = getenv("FEED_EXAMPLE_OUT").map { String(cString: $0) } ?? "out"
    if mkdir(outFolder, 0o777) != 0 && errno != EEXIST {
        throw FileError(description: "cannot make the folder \(outFolder)")
    }
    let engine = LayoutEngine()
    let checker = Checker()
    engine.diagnosticHandler = { message in
        print(message)
        checker.conflicts += 1
    }
    let screen = try FeedScreen(engine: engine)
    try layOut(screen, "portrait", checker: checker, width: 390, height: 844,
               safe: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0), outFolder: outFolder)
    try layOut(screen, "landscape", checker: checker, width: 844, height: 390,
               safe: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47), outFolder: outFolder)
    print("\nconflicts: \(checker.conflicts)")
    if checker.problems > 0 || checker.conflicts > 0 {
        print("feed-demo: \(checker.problems) problems, \(checker.conflicts) conflicts")
        exit(1)
    }
    print("feed-demo: every frame matches; no conflict, no ambiguity")
} catch {
    var standardError = StandardError()
    print("feed-demo: \(error)", to: &standardError)
    exit(1)
}
