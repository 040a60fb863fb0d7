// Tether C++ binding: anchors and layout-constraint expressions (tether/constraint.h).
//
//   a.leading() == b.trailing() + 8
//   a.width() >= 0.5 * b.width()
//   (a.height() == 44.0) | tether::priority(750)
//
// Each expression is a LayoutSpec: nothing is made in the engine until Engine::make() or
// Engine::activate() (or View::add_constraints()) is given it.
#ifndef TETHER_CPP_ANCHORS_HPP
#define TETHER_CPP_ANCHORS_HPP

#include "core.hpp"

namespace tether {

/// An item's attribute (a view's or a guide's).
struct Anchor {
    tether_item item;
    tether_attribute attribute;
};

/// multiplier × anchor + constant.
struct AnchorExpression {
    AnchorExpression(const Anchor &anchor) : anchor(anchor) {}
    AnchorExpression(const Anchor &anchor, double multiplier, double constant)
        : anchor(anchor), multiplier(multiplier), constant(constant) {}
    Anchor anchor;
    double multiplier = 1.0;
    double constant = 0.0;
};

/// The arguments of tether_layout_constraint_new().
struct LayoutSpec {
    tether_item item1;
    tether_attribute attribute1;
    tether_relation relation;
    tether_item item2; // 0 for a constant constraint
    tether_attribute attribute2;
    double multiplier;
    double constant;
    float priority;
};

inline AnchorExpression operator+(const AnchorExpression &e, double c) {
    return AnchorExpression(e.anchor, e.multiplier, e.constant + c);
}
inline AnchorExpression operator-(const AnchorExpression &e, double c) { return e + (-c); }
inline AnchorExpression operator*(const AnchorExpression &e, double m) {
    return AnchorExpression(e.anchor, e.multiplier * m, e.constant * m);
}
inline AnchorExpression operator*(double m, const AnchorExpression &e) { return e * m; }
inline AnchorExpression operator+(const Anchor &a, double c) { return AnchorExpression(a) + c; }
inline AnchorExpression operator-(const Anchor &a, double c) { return AnchorExpression(a) - c; }
inline AnchorExpression operator*(const Anchor &a, double m) { return AnchorExpression(a) * m; }
inline AnchorExpression operator*(double m, const Anchor &a) { return AnchorExpression(a) * m; }

inline LayoutSpec relate(const Anchor &a, tether_relation r, const AnchorExpression &b) {
    return LayoutSpec{a.item,     a.attribute, r, b.anchor.item, b.anchor.attribute,
                      b.multiplier, b.constant, TETHER_LAYOUT_PRIORITY_REQUIRED};
}
inline LayoutSpec relate(const Anchor &a, tether_relation r, double constant) {
    return LayoutSpec{a.item, a.attribute, r,        0, TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE,
                      0.0,    constant,    TETHER_LAYOUT_PRIORITY_REQUIRED};
}
inline LayoutSpec operator==(const Anchor &a, const AnchorExpression &b) {
    return relate(a, TETHER_RELATION_EQUAL, b);
}
inline LayoutSpec operator<=(const Anchor &a, const AnchorExpression &b) {
    return relate(a, TETHER_RELATION_LESS_THAN_OR_EQUAL, b);
}
inline LayoutSpec operator>=(const Anchor &a, const AnchorExpression &b) {
    return relate(a, TETHER_RELATION_GREATER_THAN_OR_EQUAL, b);
}
inline LayoutSpec operator==(const Anchor &a, const Anchor &b) {
    return relate(a, TETHER_RELATION_EQUAL, AnchorExpression(b));
}
inline LayoutSpec operator<=(const Anchor &a, const Anchor &b) {
    return relate(a, TETHER_RELATION_LESS_THAN_OR_EQUAL, AnchorExpression(b));
}
inline LayoutSpec operator>=(const Anchor &a, const Anchor &b) {
    return relate(a, TETHER_RELATION_GREATER_THAN_OR_EQUAL, AnchorExpression(b));
}
inline LayoutSpec operator==(const Anchor &a, double c) { return relate(a, TETHER_RELATION_EQUAL, c); }
inline LayoutSpec operator<=(const Anchor &a, double c) {
    return relate(a, TETHER_RELATION_LESS_THAN_OR_EQUAL, c);
}
inline LayoutSpec operator>=(const Anchor &a, double c) {
    return relate(a, TETHER_RELATION_GREATER_THAN_OR_EQUAL, c);
}
/// `spec | tether::priority(750)`.
inline LayoutSpec operator|(LayoutSpec spec, priority p) {
    spec.priority = static_cast<float>(p.value);
    return spec;
}

/// Anchor accessors shared by views and guides (CRTP: Derived::item_id()).
template <typename Derived> struct Anchored {
    Anchor anchor(tether_attribute a) const {
        return Anchor{static_cast<const Derived *>(this)->item_id(), a};
    }
    Anchor left() const { return anchor(TETHER_ATTRIBUTE_LEFT); }
    Anchor right() const { return anchor(TETHER_ATTRIBUTE_RIGHT); }
    Anchor top() const { return anchor(TETHER_ATTRIBUTE_TOP); }
    Anchor bottom() const { return anchor(TETHER_ATTRIBUTE_BOTTOM); }
    Anchor leading() const { return anchor(TETHER_ATTRIBUTE_LEADING); }
    Anchor trailing() const { return anchor(TETHER_ATTRIBUTE_TRAILING); }
    Anchor width() const { return anchor(TETHER_ATTRIBUTE_WIDTH); }
    Anchor height() const { return anchor(TETHER_ATTRIBUTE_HEIGHT); }
    Anchor center_x() const { return anchor(TETHER_ATTRIBUTE_CENTER_X); }
    Anchor center_y() const { return anchor(TETHER_ATTRIBUTE_CENTER_Y); }
    Anchor first_baseline() const { return anchor(TETHER_ATTRIBUTE_FIRST_BASELINE); }
    Anchor last_baseline() const { return anchor(TETHER_ATTRIBUTE_LAST_BASELINE); }
    Anchor leading_margin() const { return anchor(TETHER_ATTRIBUTE_LEADING_MARGIN); }
    Anchor trailing_margin() const { return anchor(TETHER_ATTRIBUTE_TRAILING_MARGIN); }
    Anchor top_margin() const { return anchor(TETHER_ATTRIBUTE_TOP_MARGIN); }
    Anchor bottom_margin() const { return anchor(TETHER_ATTRIBUTE_BOTTOM_MARGIN); }
    Anchor left_margin() const { return anchor(TETHER_ATTRIBUTE_LEFT_MARGIN); }
    Anchor right_margin() const { return anchor(TETHER_ATTRIBUTE_RIGHT_MARGIN); }
};

} // namespace tether

#endif // TETHER_CPP_ANCHORS_HPP
