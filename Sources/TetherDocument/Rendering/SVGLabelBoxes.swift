import Tether
/// The label boxes an SVG drawing has placed, indexed by a grid of cells, for the one question
/// label placement asks: does this box overlap a box placed already? Asking every placed box
/// made drawing n views quadratic (issue 18); the answer does not depend on the order boxes
/// are checked in, so the grid gives the same drawing.
///
/// A box is listed in every cell it touches; a box that would touch more than `maxCells` cells
/// (a very long name) or has a coordinate no cell can hold is checked against every query
/// instead. Placement (`SVGLabelPlacement`) only inserts boxes with an area that overlap none
/// placed before, so a cell holds a bounded number of them and each query costs O(1).
struct SVGLabelBoxes {
    private static let cellWidth = 64.0
    private static let cellHeight = 16.0
    private static let maxCells = 64
    private struct Cell: Hashable {
        let x: Int
        let y: Int
    }
    private var cells: [Cell: [Int]] = [:]
    private var boxes: [Rect] = []
    private var unindexed: [Int] = []

    /// Whether `box` overlaps (with a positive area) a box placed already.
    func overlapsAny(_ box: Rect) -> Bool {
        for i in unindexed where Self.overlap(boxes[i], box) { return true }
        guard let (xs, ys) = Self.cellRanges(box) else {
            return boxes.contains { Self.overlap($0, box) }
        }
        for y in ys {
            for x in xs {
                guard let list = cells[Cell(x: x, y: y)] else { continue }
                for i in list where Self.overlap(boxes[i], box) { return true }
            }
        }
        return false
    }

    mutating func insert(_ box: Rect) {
        let i = boxes.count
        boxes.append(box)
        guard let (xs, ys) = Self.cellRanges(box) else {
            unindexed.append(i)
            return
        }
        for y in ys {
            for x in xs { cells[Cell(x: x, y: y), default: []].append(i) }
        }
    }

    private static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// The cells the box touches, or nil when it is not to be indexed.
    private static func cellRanges(_ r: Rect) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        let bounds = [r.minX / cellWidth, r.maxX / cellWidth, r.minY / cellHeight, r.maxY / cellHeight]
        guard bounds.allSatisfy({ $0.isFinite && Swift.abs($0) < 1e15 }) else { return nil }
        let x0 = Int(bounds[0].rounded(.down)), x1 = Int(bounds[1].rounded(.down))
        let y0 = Int(bounds[2].rounded(.down)), y1 = Int(bounds[3].rounded(.down))
        guard x0 <= x1, y0 <= y1, (x1 - x0 + 1) * (y1 - y0 + 1) <= maxCells else { return nil }
        return (x0...x1, y0...y1)
    }
}
