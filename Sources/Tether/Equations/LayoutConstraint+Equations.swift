extension LayoutConstraint {
    /// The constraints equation text describes (grammar in EquationText.swift and
    /// docs/view-model.md), e.g. `"email.top == title.bottom + 8; email.width >= 200 @ 750"`,
    /// inactive and in the order the text gives them. `views` names the items (views or layout
    /// guides, of one engine); `name.layoutMarginsGuide.top` and `name.safeAreaLayoutGuide.top`
    /// reach a named view's own guides. `metrics` names numbers the text may use as constants,
    /// multipliers or priorities.
    ///
    /// Nothing is made when any equation fails: the error gives the reason and the column, and a
    /// constraint Auto Layout rejects (a location equal to a constant, `top == width`) fails with
    /// the view model's own message at the equation.
    public static func constraints(withEquations text: String, metrics: [String: Double] = [:],
                                   views: [String: LayoutItem]) throws(EquationTextError) -> [LayoutConstraint] {
        var parser = EquationTextParser(text: text, metrics: metrics)
        let parsed = try parser.parseAll()
        var equations: [(ConstraintEquation<LayoutItem>, ParsedEquation)] = []
        equations.reserveCapacity(parsed.count)
        for p in parsed {
            equations.append((try p.equation.map { (name) throws(EquationTextError) in
                try resolve(name, in: views, parser: parser)
            }, p))
        }
        var made: [LayoutConstraint] = []
        made.reserveCapacity(equations.count)
        for (equation, p) in equations {
            do throws(LayoutError) {
                made.append(try equation.makeConstraint())
            } catch {
                for c in made { c.firstItem.engine?.free(c) }
                throw parser.fail(error.description, at: p.position)
            }
        }
        return made
    }

    private static func resolve(_ name: AnchorName, in views: [String: LayoutItem],
                                parser: EquationTextParser) throws(EquationTextError) -> LayoutItem {
        guard let item = views[name.item] else {
            throw parser.fail("\(name.item) is not a key in the views dictionary.", at: name.position)
        }
        guard let guide = name.guide else { return item }
        guard let view = item as? View else {
            throw parser.fail("\(name.item) is a layout guide: only views have a \(guide.rawValue)", at: name.position)
        }
        switch guide {
        case .layoutMarginsGuide: return view.layoutMarginsGuide
        case .safeAreaLayoutGuide: return view.safeAreaLayoutGuide
        }
    }
}

extension ConstraintEquation {
    /// The same equation over other items, where resolving an item may fail.
    package func map<Other, Failure: Error>(_ transform: (Item) throws(Failure) -> Other) throws(Failure)
        -> ConstraintEquation<Other> {
        ConstraintEquation<Other>(try transform(first), firstAttribute, relation, try second.map(transform), secondAttribute,
                                  multiplier: multiplier, constant: constant, priority: priority)
    }
}
