import XCTest
@testable import Tether
import TetherViewTestSupport

/// The vgrid workload (docs/benchmarks.md) at a small size, for the relayout tests: a root 375
/// wide and 800 high, a content view pinned to its left, top and width whose height hugs the
/// cells (`bottom >= last.bottom + 4`, `height == 0` at fitting-size priority), cells stacked 4
/// apart with 16 insets, `height >= 44` and intrinsic heights `44 + 37·i mod 100`; laid out once.
/// Keep the engine: views hold it weakly.
struct FeedFixture {
    static let count = 12
    static func intrinsic(_ i: Int) -> Double { 44 + Double((i * 37) % 100) }

    let engine: LayoutEngine
    let root: View
    let content: View
    let cells: [View]
    /// Each cell's top constraint (to the content view's top, or to the cell above).
    let tops: [LayoutConstraint]
    var layout: RootLayout { engine.rootLayouts[ObjectIdentifier(root)]! }

    static func make() throws -> FeedFixture {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 375, height: 800))
        let content = try engine.makeConstrainedSubview(of: root)
        try activate([
            content.leftAnchor.constraint(equalTo: root.leftAnchor),
            content.topAnchor.constraint(equalTo: root.topAnchor),
            content.widthAnchor.constraint(equalTo: root.widthAnchor),
        ])
        var cells: [View] = [], tops: [LayoutConstraint] = []
        for i in 0..<count {
            let cell = try engine.makeView()
            cell.translatesAutoresizingMaskIntoConstraints = false
            cell.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: intrinsic(i))
            try content.addSubview(cell)
            let top = try i == 0
                ? cell.topAnchor.constraint(equalTo: content.topAnchor, constant: 4)
                : cell.topAnchor.constraint(equalTo: cells[i - 1].bottomAnchor, constant: 4)
            try activate([
                top,
                cell.leftAnchor.constraint(equalTo: content.leftAnchor, constant: 16),
                cell.rightAnchor.constraint(equalTo: content.rightAnchor, constant: -16),
                cell.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
            ])
            cells.append(cell)
            tops.append(top)
        }
        let hug = try content.heightAnchor.constraint(equalToConstant: 0)
        try hug.setPriority(.fittingSizeLevel)
        try activate([
            content.bottomAnchor.constraint(greaterThanOrEqualTo: cells[count - 1].bottomAnchor, constant: 4), hug,
        ])
        try root.layoutIfNeeded()
        return FeedFixture(engine: engine, root: root, content: content, cells: cells, tops: tops)
    }
}
