/// What one layout constraint says, `first.firstAttribute RELATION multiplier ×
/// second.secondAttribute + constant` at `priority`, over items of any type: the layout items a
/// Visual Format string names, or the references a layout document makes before its items exist.
/// Readers build equations first and constraints after, so that a failure is reported where the
/// text said it (a column, a JSON path).
package struct ConstraintEquation<Item> {
    package var first: Item
    package var firstAttribute: LayoutAttribute
    package var relation: LayoutRelation
    package var second: Item?
    package var secondAttribute: LayoutAttribute
    package var multiplier: Double
    package var constant: Double
    package var priority: LayoutPriority

    package init(_ first: Item, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation,
                 _ second: Item?, _ secondAttribute: LayoutAttribute, multiplier: Double, constant: Double,
                 priority: LayoutPriority) {
        (self.first, self.firstAttribute, self.relation, self.second, self.secondAttribute) =
            (first, firstAttribute, relation, second, secondAttribute)
        (self.multiplier, self.constant, self.priority) = (multiplier, constant, priority)
    }

    /// The same equation over other items (a document's references resolved to its items).
    package func map<Other>(_ transform: (Item) -> Other) -> ConstraintEquation<Other> {
        ConstraintEquation<Other>(transform(first), firstAttribute, relation, second.map(transform), secondAttribute,
                                  multiplier: multiplier, constant: constant, priority: priority)
    }
}

extension ConstraintEquation where Item == LayoutItem {
    /// The inactive constraint this equation describes, checked as the public initializer checks.
    package func makeConstraint() throws(LayoutError) -> LayoutConstraint {
        try LayoutConstraint(item: first, attribute: firstAttribute, relatedBy: relation, toItem: second,
                             attribute: secondAttribute, multiplier: multiplier, constant: constant,
                             priority: priority)
    }
}
