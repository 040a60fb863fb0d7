// The zoo's `random-screen`: a seeded random screen of N views, built the ways users build them
// (visual format strings, anchors, intrinsic sizes, hugging and compression resistance,
// inequalities, several priorities, a stack view, layout guides, margins and the safe area), laid
// out by the view model. It has no closed form, so it is verified by building the same screen
// again in the natural order, in a fresh engine, and comparing every frame (to 1e-9); the
// generator only makes sections whose layout is unique and satisfiable (each section's comment
// says why), and a run also fails on any broken-constraint diagnostic and on an ambiguous view
// among a sample of them.
//
// The screen depends only on N and the screen seed (`--screen-seed`, default 1); the insertion
// order (`--order`, `--shuffle`) is the order in which its constraints are activated, one
// `activate` each, after every view is made.

import Tether
import TetherSolver

/// A screen's views (every frame the verification compares) and its constraints in the
/// natural order, none active yet.
struct RandomScreen {
    let engine: LayoutEngine
    let root: View
    var views: [View] = []
    var constraints: [LayoutConstraint] = []
    private var random: SplitMix64

    init(n: Int, seed: UInt64) throws {
        engine = LayoutEngine()
        root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 375, height: 812))
        root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        // The screen seed is mixed so that screen seed s and shuffle seed s are unrelated.
        random = SplitMix64(seed: seed ^ 0x5CEE_2000_0000_0018)
        let content = try makeView(in: root)
        // The content stands for a scroll view's content, taller than the screen: the screen's
        // safe area does not reach into it (a scroll view insets its content instead). Derived,
        // its sections below the home indicator would be inset from the bottom, and the margin-
        // relative ones would grow by that inset, which moves them further under it: UIKit's
        // layout feedback loop, which Tether stops and reports.
        content.safeAreaInsets = .zero
        // The content follows the root's margins across and starts at the safe area; its height
        // is the sum of its sections (closed by the last VFL below), so it is never ambiguous.
        constraints += [
            try content.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            try content.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            try content.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
        ]
        var previous: View?
        while views.count < n {
            let section: View
            switch random.below(5) {
            case 0: section = try rowSection(in: content)
            case 1: section = try cardSection(in: content)
            case 2: section = try tileSection(in: content)
            case 3: section = try stackSection(in: content)
            default: section = try formSection(in: content)
            }
            try format("H:|-(8)-[s]-(8)-|", ["s": section])
            if let previous {
                try format("V:[a]-(g)-[b]", ["a": previous, "b": section], metrics: ["g": Double(4 + random.below(13))])
            } else {
                try format("V:|-(8)-[s]", ["s": section])
            }
            previous = section
        }
        try format("V:[s]-(8)-|", ["s": previous!])
    }

    // MARK: Helpers

    /// A whole number of points in lo...hi (whole numbers keep every frame exact in binary).
    private mutating func points(_ lo: Int, _ hi: Int) -> Double { Double(lo + random.below(hi - lo + 1)) }

    private mutating func makeView(in parent: View, intrinsic: Size? = nil) throws -> View {
        let v = try engine.makeView()
        v.translatesAutoresizingMaskIntoConstraints = false
        if let intrinsic { v.intrinsicContentSize = intrinsic }
        try parent.addSubview(v)
        views.append(v)
        return v
    }

    private mutating func format(_ f: String, _ items: [String: LayoutItem], metrics: [String: Double] = [:],
                                 options: FormatOptions = []) throws {
        constraints += try LayoutConstraint.constraints(withVisualFormat: f, options: options, metrics: metrics, views: items)
    }

    private mutating func add(_ c: LayoutConstraint, priority: Float? = nil) throws {
        if let priority { try c.setPriority(LayoutPriority(priority)) }
        constraints.append(c)
    }

    // MARK: Sections (each 343 points wide: the content's 359 less 8 on each side)

    /// A list row: icon, title, badge centred on one line. Across, the VFL fixes everything but
    /// the `>=` gap, which takes the rest (the title and badge keep their intrinsic widths: the
    /// gap lets them, and nothing else pulls on them). Down, each view is
    /// centred and at least `p` from both edges; the section's height hugs @49, so it is the
    /// tallest view plus 2p: the least height the inequalities allow, a unique optimum.
    private mutating func rowSection(in content: View) throws -> View {
        let section = try makeView(in: content)
        let size = points(20, 32)
        let icon = try makeView(in: section, intrinsic: Size(width: size, height: size))
        let title = try makeView(in: section, intrinsic: Size(width: points(40, 140), height: points(17, 22)))
        let badge = try makeView(in: section, intrinsic: Size(width: points(20, 44), height: points(14, 20)))
        try title.setContentHuggingPriority(LayoutPriority(Float(250 + random.below(2))), for: .horizontal)
        let items: [String: LayoutItem] = ["icon": icon, "title": title, "badge": badge]
        let p = points(4, 16)
        try format("H:|-(p)-[icon(==size)]-(8)-[title]-(>=8)-[badge]-(p)-|", items,
                   metrics: ["p": p, "size": size], options: .alignAllCenterY)
        for name in ["icon", "title", "badge"] {
            try format("V:|-(>=p)-[\(name)]-(>=p)-|", items, metrics: ["p": p])
        }
        try add(icon.centerYAnchor.constraint(equalTo: section.centerYAnchor))
        try add(section.heightAnchor.constraint(equalToConstant: 0), priority: 49)
        return section
    }

    /// A card with random layout margins: title, body, footer in a vertical VFL (all equalities,
    /// so the card's height is their sum); across, each spans the margins guide. The footer
    /// holds two buttons with a layout guide between them that takes the rest (>= 8), the taller
    /// button fixing the footer's height and the other centred on it.
    private mutating func cardSection(in content: View) throws -> View {
        let card = try makeView(in: content)
        let m = points(8, 16)
        card.layoutMargins = EdgeInsets(top: m, left: m, bottom: m, right: m)
        let title = try makeView(in: card, intrinsic: Size(width: points(60, 200), height: points(20, 24)))
        let body = try makeView(in: card, intrinsic: Size(width: View.noIntrinsicMetric, height: points(40, 120)))
        let footer = try makeView(in: card)
        let items: [String: LayoutItem] = ["title": title, "body": body, "footer": footer]
        try format("V:|-(m)-[title]-(6)-[body]-(10)-[footer]-(m)-|", items, metrics: ["m": m])
        for v in [title, body, footer] {
            try add(v.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor))
            try add(v.trailingAnchor.constraint(equalTo: card.layoutMarginsGuide.trailingAnchor))
        }
        let first = try makeView(in: footer, intrinsic: Size(width: points(60, 90), height: 36))
        let second = try makeView(in: footer, intrinsic: Size(width: points(50, 80), height: 30))
        let gap = engine.makeLayoutGuide()
        try footer.addLayoutGuide(gap)
        try add(first.leadingAnchor.constraint(equalTo: footer.leadingAnchor))
        try add(gap.leadingAnchor.constraint(equalTo: first.trailingAnchor))
        try add(second.leadingAnchor.constraint(equalTo: gap.trailingAnchor))
        try add(second.trailingAnchor.constraint(equalTo: footer.trailingAnchor))
        try add(gap.widthAnchor.constraint(greaterThanOrEqualToConstant: 8))
        try add(first.topAnchor.constraint(equalTo: footer.topAnchor))
        try add(first.bottomAnchor.constraint(equalTo: footer.bottomAnchor))
        try add(second.centerYAnchor.constraint(equalTo: first.centerYAnchor))
        try add(gap.topAnchor.constraint(equalTo: footer.topAnchor))
        try add(gap.heightAnchor.constraint(equalToConstant: 1))
        return card
    }

    /// 2 to 4 tiles of equal width (VFL `(==t0)` predicates) across the section, tops aligned
    /// (`alignAllTop`), each as tall as its width times the section's ratio (an anchor with a
    /// multiplier); the first tile fixes the section's height.
    private mutating func tileSection(in content: View) throws -> View {
        let section = try makeView(in: content)
        let count = 2 + random.below(3)
        let ratio = [1.0, 0.75, 1.5][random.below(3)]
        var items: [String: LayoutItem] = [:]
        var row = "H:|-(8)-"
        var tiles: [View] = []
        for i in 0..<count {
            let tile = try makeView(in: section)
            tiles.append(tile)
            items["t\(i)"] = tile
            row += i == 0 ? "[t0]" : "-(8)-[t\(i)(==t0)]"
        }
        try format(row + "-(8)-|", items, options: .alignAllTop)
        try format("V:|-(8)-[t0]-(8)-|", items)
        for tile in tiles {
            try add(tile.heightAnchor.constraint(equalTo: tile.widthAnchor, multiplier: ratio))
        }
        return section
    }

    /// A horizontal stack (fillEqually, fill, spacing 8) arranged inside its random layout
    /// margins, of 2 to 4 labels: their widths are fixed by the stack; its height is the tallest
    /// label's (compression @750 holds every label at least its height, hugging @250 pulls the
    /// stack down to the tallest: a unique optimum).
    private mutating func stackSection(in content: View) throws -> View {
        let stack = try engine.makeStackView()
        stack.translatesAutoresizingMaskIntoConstraints = false
        stack.distribution = .fillEqually
        try stack.setSpacing(8)
        let m = points(4, 12)
        stack.layoutMargins = EdgeInsets(top: m, left: m, bottom: m, right: m)
        stack.isLayoutMarginsRelativeArrangement = true
        try content.addSubview(stack)
        views.append(stack)
        for _ in 0..<(2 + random.below(3)) {
            let label = try engine.makeView()
            label.intrinsicContentSize = Size(width: points(30, 80), height: points(18, 30))
            try stack.addArrangedSubview(label)
            views.append(label)
        }
        return stack
    }

    /// A form row: a label (hugging 251) and a field that fills the rest, with a required minimum
    /// width (>= 100) and a preferred width of 200 @500. Levels decide in turn: the label's
    /// compression (750) before the preferred width (500) before the label's hugging (251), so
    /// the split of the row's width is unique whatever the label's intrinsic width.
    private mutating func formSection(in content: View) throws -> View {
        let section = try makeView(in: content)
        let label = try makeView(in: section, intrinsic: Size(width: points(50, 110), height: points(17, 21)))
        try label.setContentHuggingPriority(LayoutPriority(251), for: .horizontal)
        let field = try makeView(in: section, intrinsic: Size(width: View.noIntrinsicMetric, height: points(30, 36)))
        try add(label.leadingAnchor.constraint(equalTo: section.leadingAnchor, constant: 16))
        try add(field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8))
        try add(field.trailingAnchor.constraint(equalTo: section.trailingAnchor, constant: -16))
        try add(field.widthAnchor.constraint(greaterThanOrEqualToConstant: 100))
        try add(field.widthAnchor.constraint(equalToConstant: 200), priority: 500)
        try add(label.centerYAnchor.constraint(equalTo: field.centerYAnchor))
        try add(field.topAnchor.constraint(equalTo: section.topAnchor, constant: 6))
        try add(field.bottomAnchor.constraint(equalTo: section.bottomAnchor, constant: -6))
        return section
    }
}

/// Builds the screen, activates its constraints in `order` and lays it out; fails on any
/// broken-constraint diagnostic (the generator must make satisfiable screens).
func layOutRandomScreen(n: Int, seed: UInt64, order: InsertionOrder) throws -> RandomScreen {
    let screen = try RandomScreen(n: n, seed: seed)
    var broken: [String] = []
    screen.engine.diagnosticHandler = { broken.append($0) }
    try activate(screen.constraints, in: order)
    try screen.root.layoutIfNeeded()
    if let first = broken.first {
        throw BenchFailure.verification("\(broken.count) broken constraint(s), the first: \(first)")
    }
    return screen
}

/// `random-screen`: the timed build in the order asked for, then (untimed) the same screen in
/// the natural order in a fresh engine: every frame must agree to 1e-9 (relative above 1), and
/// a sample of up to 400 views must be unambiguous.
func runRandomScreen(_ o: Options) throws -> (Measurement, ViewReport) {
    var (m, r) = try startViewRun(o, level: "view-model")
    let t0 = nowNanoseconds()
    let screen = try layOutRandomScreen(n: o.n, seed: o.screenSeed, order: o.order)
    finishViewBuild(screen.root, from: t0, views: screen.views.count, constraints: screen.constraints.count, &m, &r)
    m.pivotsTotal = m.pivotsBuild

    let reference = try layOutRandomScreen(n: o.n, seed: o.screenSeed, order: .natural)
    for (i, (a, b)) in zip(screen.views, reference.views).enumerated() {
        let fa = a.frame, fb = b.frame
        for (x, y) in [(fa.minX, fb.minX), (fa.minY, fb.minY), (fa.width, fb.width), (fa.height, fb.height)]
        where !(abs(x - y) <= 1e-9 * max(1, abs(y))) {
            throw BenchFailure.verification("view[\(i)].frame = \(fa), natural order gives \(fb)")
        }
    }
    let stride = max(1, screen.views.count / 400)
    for i in Swift.stride(from: 0, to: screen.views.count, by: stride) {
        if let first = try screen.views[i].ambiguities().first {
            throw BenchFailure.verification("view[\(i)] is ambiguous: \(first)")
        }
    }
    return (m, r)
}
