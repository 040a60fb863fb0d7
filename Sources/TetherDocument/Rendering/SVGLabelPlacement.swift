import Tether

/// A label given a place in the drawing: the text drawn (the full text or an abbreviation of
/// it), its box and its font.
struct SVGPlacedLabel: Equatable {
    let text: String
    let full: String
    let box: Rect
    let font: SVGLabelFont

    var isAbbreviated: Bool { text != full }

    /// ` x=".." y=".."`: where the text starts, on its baseline.
    var positionAttributes: String {
        let at = font.baseline(of: box)
        return " x=\"\(svgNumber(at.x))\" y=\"\(svgNumber(at.y))\""
    }

    /// The text as `<text>` content; an abbreviation carries the full text as its `<title>`,
    /// the tooltip viewers show, so nothing a label would have said is lost.
    var content: String {
        isAbbreviated ? xmlEscaped(text) + "<title>\(xmlEscaped(full))</title>" : xmlEscaped(text)
    }
}

/// Where the drawing's labels go, so that it stays legible: no two labels' boxes overlap (view
/// and constraint labels alike), every view label lies inside its view, and every label inside
/// the document's box. A label that finds no free place in full is abbreviated ("…"), and
/// dropped when no abbreviation of 3 or more characters finds one either; the full name stays
/// in the element's tooltip.
///
/// Labels are placed in the order they are asked for, each taking the first free place among
/// a fixed list of candidates, so the drawing depends on the layout alone. Each label tries a
/// bounded number of boxes (rows × sides × forms, the forms about log2 of the name's length),
/// and each try is one query of the grid of placed boxes (`SVGLabelBoxes`), which answers in
/// constant time because placed boxes never overlap; so placing n labels stays linear in n.
struct SVGLabelPlacement {
    /// The document's box (its viewBox): a label past it would be cut off.
    let canvas: Rect
    private var placed = SVGLabelBoxes()

    /// Rows of a view to try from its top before giving up (as many as before placement
    /// guaranteed anything): a view at the corner of 7 ancestors' corners still finds a line.
    static let viewRows = 8
    /// Room between a view's edges and its label, so that the view's outline does not cross
    /// the text.
    static let viewInset = EdgeInsets(top: 1, left: 2, bottom: 1, right: 1)
    /// Where along a constraint's line its label may sit: the middle first, then outwards.
    static let constraintStops = [0.5, 0.25, 0.75, 0.1, 0.9]
    /// Room between a constraint's line and its label.
    static let lineGap = 1.5

    init(canvas: Rect) {
        self.canvas = canvas
    }

    /// A view's name placed inside `frame` (normalized): at the top-left corner, else on the
    /// rows below it, else at the right edge of those rows, in full, else abbreviated; nil when
    /// no form finds room.
    mutating func placeViewLabel(_ name: String, in frame: Rect) -> SVGPlacedLabel? {
        let font = SVGLabelFont.view
        let area = intersection(frame.inset(by: SVGLabelPlacement.viewInset), canvas)
        guard area.width > 0, area.height >= font.lineHeight else { return nil }
        return place(name, font: font, forms: font.forms(of: name, within: area.width)) { width in
            // Down the left edge first: a view sharing its superview's corner reads best with
            // its name on the line under the superview's, as it did before placement.
            let lefts = width < area.width ? [area.minX, area.maxX - width] : [area.minX]
            return lefts.flatMap { left -> [Rect] in
                (0..<SVGLabelPlacement.viewRows).map { row in
                    Rect(x: left, y: area.minY + Double(row) * font.lineHeight, width: width, height: font.lineHeight)
                }.filter { $0.maxY <= area.maxY }
            }
        }
    }

    /// A constraint's label placed beside its line from `a` to `b`: at the middle, else at
    /// stops further along, on either side (above or below a line closer to horizontal, right
    /// or left of one closer to vertical), else a line further out, in full, else abbreviated;
    /// nil when nothing fits.
    mutating func placeConstraintLabel(_ label: String, from a: Point, to b: Point) -> SVGPlacedLabel? {
        let font = SVGLabelFont.constraint
        let alongX = Swift.abs(b.x - a.x) >= Swift.abs(b.y - a.y)
        let gap = SVGLabelPlacement.lineGap, h = font.lineHeight
        return place(label, font: font, forms: font.forms(of: label, within: canvas.width)) { w in
            // Beside the line, then one line further out (past a label already beside it).
            [gap, gap + h].flatMap { d in
                SVGLabelPlacement.constraintStops.flatMap { t -> [Rect] in
                    let p = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                    return alongX
                        ? [Rect(x: p.x - w / 2, y: p.y - d - h, width: w, height: h),
                           Rect(x: p.x - w / 2, y: p.y + d, width: w, height: h)]
                        : [Rect(x: p.x + d, y: p.y - h / 2, width: w, height: h),
                           Rect(x: p.x - d - w, y: p.y - h / 2, width: w, height: h)]
                }
            }
        }
    }

    /// The first free box among `boxes(width)` for each form in turn (longest first), marked
    /// taken. Every candidate box of a shorter form lies inside the same candidate's box of a
    /// longer one (both keep the same anchoring edge or center), so when the shortest form has
    /// no free box, no form has: that one probe settles the labels that are dropped, which in
    /// a crowded drawing are most of them, without trying every form.
    private mutating func place(_ full: String, font: SVGLabelFont, forms: [String],
                                boxes: (Double) -> [Rect]) -> SVGPlacedLabel? {
        guard let shortest = forms.last, boxes(font.width(shortest)).contains(where: isFree) else { return nil }
        for text in forms {
            for box in boxes(font.width(text)) where isFree(box) {
                placed.insert(box)
                return SVGPlacedLabel(text: text, full: full, box: box, font: font)
            }
        }
        return nil
    }

    /// Whether a label could take `box`: inside the canvas, with an area (a box without one
    /// overlaps nothing, and any number of them would pile into one cell of the grid), and
    /// overlapping no label placed before.
    private func isFree(_ box: Rect) -> Bool {
        box.width > 0 && box.minX >= canvas.minX && box.maxX <= canvas.maxX && box.minY >= canvas.minY
            && box.maxY <= canvas.maxY && !placed.overlapsAny(box)
    }

    /// The common part of two rects (empty, width or height 0 or less, when they are apart).
    private func intersection(_ r: Rect, _ s: Rect) -> Rect {
        let x0 = Swift.max(r.minX, s.minX), y0 = Swift.max(r.minY, s.minY)
        let x1 = Swift.min(r.maxX, s.maxX), y1 = Swift.min(r.maxY, s.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
