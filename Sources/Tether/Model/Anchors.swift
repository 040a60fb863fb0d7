/// Typed anchors (UIKit's `NSLayoutAnchor` family): x-axis anchors relate only to x-axis
/// anchors, y-axis to y-axis, dimensions to dimensions or constants. The operators build
/// inactive constraints, e.g. `a.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8)`.
/// Leading/trailing versus left/right mixing is still rejected at creation, as Apple does.
public struct AxisAnchor<Axis: AnchorAxis> {
    public let item: LayoutItem
    public let attribute: LayoutAttribute
    init(_ item: LayoutItem, _ attribute: LayoutAttribute) { self.item = item; self.attribute = attribute }

    public func constraint(equalTo other: Self, constant: Double = 0) throws(LayoutError) -> LayoutConstraint {
        try LayoutConstraint.make(item, attribute, .equal, other.item, other.attribute, 1, constant)
    }
    public func constraint(greaterThanOrEqualTo other: Self, constant: Double = 0) throws(LayoutError) -> LayoutConstraint {
        try LayoutConstraint.make(item, attribute, .greaterThanOrEqual, other.item, other.attribute, 1, constant)
    }
    public func constraint(lessThanOrEqualTo other: Self, constant: Double = 0) throws(LayoutError) -> LayoutConstraint {
        try LayoutConstraint.make(item, attribute, .lessThanOrEqual, other.item, other.attribute, 1, constant)
    }
}

/// The axis an `AxisAnchor` lies on, as a type: anchors of different axes are different types,
/// so relating an x anchor to a y anchor does not compile (`NSLayoutAnchor<AnchorType>`).
public protocol AnchorAxis {}
public enum HorizontalAnchorAxis: AnchorAxis {}
public enum VerticalAnchorAxis: AnchorAxis {}

/// `NSLayoutXAxisAnchor`: left, right, leading, trailing, centerX and their margin forms.
public typealias XAxisAnchor = AxisAnchor<HorizontalAnchorAxis>
/// `NSLayoutYAxisAnchor`: top, bottom, centerY, baselines and their margin forms.
public typealias YAxisAnchor = AxisAnchor<VerticalAnchorAxis>

public struct DimensionAnchor {
    public let item: LayoutItem
    public let attribute: LayoutAttribute
    init(_ item: LayoutItem, _ attribute: LayoutAttribute) { self.item = item; self.attribute = attribute }

    public func constraint(equalToConstant c: Double) throws(LayoutError) -> LayoutConstraint {
        try LayoutConstraint.make(item, attribute, .equal, nil, .notAnAttribute, 0, c)
    }
    public func constraint(greaterThanOrEqualToConstant c: Double) throws(LayoutError) -> LayoutConstraint {
        try LayoutConstraint.make(item, attribute, .greaterThanOrEqual, nil, .notAnAttribute, 0, c)
    }
    public func constraint(lessThanOrEqualToConstant c: Double) throws(LayoutError) -> LayoutConstraint {
        try LayoutConstraint.make(item, attribute, .lessThanOrEqual, nil, .notAnAttribute, 0, c)
    }
    public func constraint(equalTo other: DimensionAnchor, multiplier: Double = 1, constant: Double = 0) throws(LayoutError) -> LayoutConstraint {
        try LayoutConstraint.make(item, attribute, .equal, other.item, other.attribute, multiplier, constant)
    }
    public func constraint(greaterThanOrEqualTo other: DimensionAnchor, multiplier: Double = 1, constant: Double = 0) throws(LayoutError) -> LayoutConstraint {
        try LayoutConstraint.make(item, attribute, .greaterThanOrEqual, other.item, other.attribute, multiplier, constant)
    }
    public func constraint(lessThanOrEqualTo other: DimensionAnchor, multiplier: Double = 1, constant: Double = 0) throws(LayoutError) -> LayoutConstraint {
        try LayoutConstraint.make(item, attribute, .lessThanOrEqual, other.item, other.attribute, multiplier, constant)
    }
}
