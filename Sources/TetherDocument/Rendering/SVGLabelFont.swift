import Tether

/// The font of the drawing's texts, and the room a text takes in it: label placement
/// (`SVGLabelPlacement`) has to know every label's box before any viewer draws it.
///
/// The style sheet names monospaced faces only (DejaVu Sans Mono, which rsvg and most Linux
/// systems have, then Menlo, Consolas, Liberation Mono, any monospace): each advances at most
/// about 0.6 em per character, so counting 0.625 em per character is an upper bound, even where
/// a renderer rounds advances up to whole pixels at small sizes (4.8 px becomes 5 at 8 px). A
/// proportional default font could not be bounded this way short of counting every character
/// as wide as a "W". Characters past the scripts those faces cover (Latin, IPA, Greek,
/// Cyrillic) come from a fallback font, up to about 1.25 em wide (CJK, emoji), and count twice.
/// The box of a line reaches 0.95 em above the baseline (accented capitals) and 0.3 em below it
/// (descenders and underscores, with the row of pixels antialiasing adds).
struct SVGLabelFont: Equatable {
    /// The size in points, as the style sheet gives it (`font-size`).
    let size: Double

    /// View labels (class `label`) and constraint labels (`.constraint text`).
    static let view = SVGLabelFont(size: 10)
    static let constraint = SVGLabelFont(size: 8)

    /// The CSS `font-family` every text of the drawing uses.
    static let family = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace"

    private static let advance = 0.625
    private static let ascent = 0.95
    private static let descent = 0.3

    /// How many character cells a text takes: one per Unicode scalar, two for scalars the
    /// monospaced faces do not have (the fallback font's may be wider).
    static func cells(_ text: String) -> Int {
        var n = 0
        for scalar in text.unicodeScalars {
            n += scalar.value < 0x530 || scalar == ellipsis ? 1 : 2
        }
        return n
    }

    /// What an abbreviated label ends with; the monospaced faces have it, one cell wide.
    static let ellipsis: Unicode.Scalar = "\u{2026}"

    /// The width of one character cell.
    var cellWidth: Double { size * SVGLabelFont.advance }

    /// The height of a line's box, from above the tallest glyph to below the lowest.
    var lineHeight: Double { size * (SVGLabelFont.ascent + SVGLabelFont.descent) }

    /// An upper bound of the width `text` is drawn with.
    func width(_ text: String) -> Double { Double(SVGLabelFont.cells(text)) * cellWidth }

    /// The box `text` takes when its box's top-left corner is at `corner`.
    func box(_ text: String, at corner: Point) -> Rect {
        Rect(x: corner.x, y: corner.y, width: width(text), height: lineHeight)
    }

    /// Where a text starting at the box's left edge has its baseline (the `x`, `y` SVG wants).
    func baseline(of box: Rect) -> Point {
        Point(x: box.minX, y: box.minY + size * SVGLabelFont.ascent)
    }

    /// The forms `full` may be shown in within `width`, longest first: the full text when it
    /// fits, then prefixes ending with "…", the longest that fits, then ever shorter ones (each
    /// half the length before) down to 3 characters; shorter ones say too little to be worth a
    /// place. A name of 4 characters or fewer is never abbreviated: "abc…" would be no shorter.
    /// At most about log2 of the text's length forms, so placing a label tries a bounded number
    /// of boxes.
    func forms(of full: String, within width: Double) -> [String] {
        var out: [String] = []
        if self.width(full) <= width { out.append(full) }
        let characters = Array(full)
        let minimum = 3
        guard characters.count > minimum + 1 else { return out }
        // The longest prefix that fits with its ellipsis, and shorter than the full text.
        let room = Int((width / cellWidth).rounded(.down)) - 1
        var used = 0, longest = 0
        for c in characters.prefix(characters.count - 2) {
            used += SVGLabelFont.cells(String(c))
            guard used <= room else { break }
            longest += 1
        }
        var k = longest
        while k >= minimum {
            out.append(String(characters.prefix(k)) + String(Character(SVGLabelFont.ellipsis)))
            if k == minimum { break }
            k = Swift.max(minimum, k / 2)
        }
        return out
    }
}
