import Tether

/// The names of the document's enumerations, as written in documents.
enum DocumentNames {
    static let attributes: [(String, LayoutAttribute)] = LayoutAttribute.allCases
        .filter { $0.isPublic && $0 != .notAnAttribute }
        .map { ($0.description, $0) }

    static let relations: [(String, LayoutRelation)] = [
        ("==", .equal), ("<=", .lessThanOrEqual), (">=", .greaterThanOrEqual),
    ]

    static let autoresizing: [(String, AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]

    static let semanticContent: [(String, SemanticContentAttribute)] = SemanticContentAttribute.allCases.map { ($0.name, $0) }

    static let formatOptions: [(String, FormatOptions)] = [
        ("alignAllLeft", .alignAllLeft), ("alignAllRight", .alignAllRight), ("alignAllTop", .alignAllTop),
        ("alignAllBottom", .alignAllBottom), ("alignAllLeading", .alignAllLeading),
        ("alignAllTrailing", .alignAllTrailing), ("alignAllCenterX", .alignAllCenterX),
        ("alignAllCenterY", .alignAllCenterY), ("alignAllLastBaseline", .alignAllLastBaseline),
        ("alignAllBaseline", .alignAllBaseline), ("alignAllFirstBaseline", .alignAllFirstBaseline),
        ("directionLeadingToTrailing", .directionLeadingToTrailing),
        ("directionLeftToRight", .directionLeftToRight), ("directionRightToLeft", .directionRightToLeft),
        ("spacingEdgeToEdge", .spacingEdgeToEdge), ("spacingBaselineToBaseline", .spacingBaselineToBaseline),
    ]

    static let axes: [(String, Axis)] = Axis.allCases.map { ($0.name, $0) }

    static let distributions: [(String, StackView.Distribution)] = StackView.Distribution.allCases.map { ($0.name, $0) }

    /// Read with either name of the shared values; written `top`/`bottom` for a horizontal
    /// stack (where they mean that) and `leading`/`trailing` for a vertical one.
    static let alignments: [(String, StackView.Alignment)] = [
        ("fill", .fill), ("leading", .leading), ("top", .top), ("firstBaseline", .firstBaseline),
        ("center", .center), ("trailing", .trailing), ("bottom", .bottom), ("lastBaseline", .lastBaseline),
    ]

    /// The spacing written as `"system"` (UIKit's `spacingUseSystem`, the standard spacing).
    static let systemSpacing = "system"

    static let layoutMarginsGuide = "layoutMarginsGuide"
    static let safeAreaLayoutGuide = "safeAreaLayoutGuide"

    /// Whether `name` can name an item: `[A-Za-z_][A-Za-z0-9_]*`, the Visual Format Language's
    /// view names (so that every item can be named in a format, and `name.attribute` splits at
    /// the dot).
    static func isValidName(_ name: String) -> Bool { JSONPath.isIdentifier(name) }

    /// The closest candidate within a small edit distance, for "did you mean" hints.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let limit = Swift.max(1, Swift.min(3, word.count / 3))
        var best: (String, Int)?
        for candidate in candidates {
            let d = editDistance(word, candidate)
            if d <= limit && d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    static func didYouMean(_ word: String, _ candidates: [String]) -> String {
        guard let s = suggestion(for: word, among: candidates) else { return "" }
        return " (did you mean \(JSONWriter.quoted(s))?)"
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbours (the commonest typo, `hedaer`) each count 1.
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty || y.isEmpty { return x.count + y.count }
        var d = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = Swift.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
                    d[i][j] = Swift.min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }
}
