package tether

// #include "tether.h"
import "C"

import "unsafe"

// Anchor is one attribute of an item (UIKit's layout anchors): build constraints with
// EqualTo, GreaterThanOrEqualTo, LessThanOrEqualTo and the ...Constant forms, since Go has no
// operator overloading: view.Leading().EqualTo(other.Trailing(), 8).
type Anchor struct {
	engine    *Engine
	item      uint64
	attribute int32
}

func anchor(e *Engine, item uint64, attribute int32) Anchor { return Anchor{e, item, attribute} }

// The anchors of a view.
func (v View) Left() Anchor           { return anchor(v.engine, v.id, C_ATTRIBUTE_LEFT) }
func (v View) Right() Anchor          { return anchor(v.engine, v.id, C_ATTRIBUTE_RIGHT) }
func (v View) Top() Anchor            { return anchor(v.engine, v.id, C_ATTRIBUTE_TOP) }
func (v View) Bottom() Anchor         { return anchor(v.engine, v.id, C_ATTRIBUTE_BOTTOM) }
func (v View) Leading() Anchor        { return anchor(v.engine, v.id, C_ATTRIBUTE_LEADING) }
func (v View) Trailing() Anchor       { return anchor(v.engine, v.id, C_ATTRIBUTE_TRAILING) }
func (v View) Width() Anchor          { return anchor(v.engine, v.id, C_ATTRIBUTE_WIDTH) }
func (v View) Height() Anchor         { return anchor(v.engine, v.id, C_ATTRIBUTE_HEIGHT) }
func (v View) CenterX() Anchor        { return anchor(v.engine, v.id, C_ATTRIBUTE_CENTER_X) }
func (v View) CenterY() Anchor        { return anchor(v.engine, v.id, C_ATTRIBUTE_CENTER_Y) }
func (v View) FirstBaseline() Anchor  { return anchor(v.engine, v.id, C_ATTRIBUTE_FIRST_BASELINE) }
func (v View) LastBaseline() Anchor   { return anchor(v.engine, v.id, C_ATTRIBUTE_LAST_BASELINE) }
func (v View) LeadingMargin() Anchor  { return anchor(v.engine, v.id, C_ATTRIBUTE_LEADING_MARGIN) }
func (v View) TrailingMargin() Anchor { return anchor(v.engine, v.id, C_ATTRIBUTE_TRAILING_MARGIN) }
func (v View) TopMargin() Anchor      { return anchor(v.engine, v.id, C_ATTRIBUTE_TOP_MARGIN) }
func (v View) BottomMargin() Anchor   { return anchor(v.engine, v.id, C_ATTRIBUTE_BOTTOM_MARGIN) }

// The anchors of a layout guide.
func (g Guide) Leading() Anchor  { return anchor(g.engine, g.id, C_ATTRIBUTE_LEADING) }
func (g Guide) Trailing() Anchor { return anchor(g.engine, g.id, C_ATTRIBUTE_TRAILING) }
func (g Guide) Top() Anchor      { return anchor(g.engine, g.id, C_ATTRIBUTE_TOP) }
func (g Guide) Bottom() Anchor   { return anchor(g.engine, g.id, C_ATTRIBUTE_BOTTOM) }
func (g Guide) Width() Anchor    { return anchor(g.engine, g.id, C_ATTRIBUTE_WIDTH) }
func (g Guide) Height() Anchor   { return anchor(g.engine, g.id, C_ATTRIBUTE_HEIGHT) }
func (g Guide) CenterX() Anchor  { return anchor(g.engine, g.id, C_ATTRIBUTE_CENTER_X) }
func (g Guide) CenterY() Anchor  { return anchor(g.engine, g.id, C_ATTRIBUTE_CENTER_Y) }

// Spec describes a layout constraint not made yet: first.attribute RELATION
// second.attribute * Multiplier + Constant at Priority. Engine.Activate makes and activates it.
type Spec struct {
	First, Second Anchor
	Relation      int32
	Multiplier    float64
	Constant      float64
	Priority      float32
}

func (a Anchor) spec(relation int32, b Anchor, constant float64) Spec {
	return Spec{First: a, Second: b, Relation: relation, Multiplier: 1, Constant: constant, Priority: C_LAYOUT_PRIORITY_REQUIRED}
}

func (a Anchor) constSpec(relation int32, constant float64) Spec {
	return Spec{First: a, Second: Anchor{engine: a.engine}, Relation: relation, Multiplier: 0, Constant: constant, Priority: C_LAYOUT_PRIORITY_REQUIRED}
}

// a == b + constant, a >= b + constant, a <= b + constant.
func (a Anchor) EqualTo(b Anchor, constant float64) Spec {
	return a.spec(C_RELATION_EQUAL, b, constant)
}
func (a Anchor) GreaterThanOrEqualTo(b Anchor, constant float64) Spec {
	return a.spec(C_RELATION_GREATER_THAN_OR_EQUAL, b, constant)
}
func (a Anchor) LessThanOrEqualTo(b Anchor, constant float64) Spec {
	return a.spec(C_RELATION_LESS_THAN_OR_EQUAL, b, constant)
}

// a == constant, a >= constant, a <= constant (dimensions).
func (a Anchor) EqualToConstant(c float64) Spec { return a.constSpec(C_RELATION_EQUAL, c) }
func (a Anchor) GreaterThanOrEqualToConstant(c float64) Spec {
	return a.constSpec(C_RELATION_GREATER_THAN_OR_EQUAL, c)
}
func (a Anchor) LessThanOrEqualToConstant(c float64) Spec {
	return a.constSpec(C_RELATION_LESS_THAN_OR_EQUAL, c)
}

// WithMultiplier and WithPriority return a copy with that multiplier or priority.
func (s Spec) WithMultiplier(m float64) Spec { s.Multiplier = m; return s }
func (s Spec) WithPriority(p float32) Spec   { s.Priority = p; return s }

// Constraint is a tether_layout_constraint.
type Constraint struct {
	engine *Engine
	id     uint64
}

// ID is the constraint's id.
func (c Constraint) ID() uint64 { return c.id }

// Make is tether_layout_constraint_new() (inactive).
func (s Spec) Make() (Constraint, error) {
	e := s.First.engine
	ptr := e.handle()
	var id C.tether_layout_constraint
	err := call(func() C.tether_status {
		return C.tether_layout_constraint_new(ptr, C.tether_item(s.First.item), C.tether_attribute(s.First.attribute),
			C.tether_relation(s.Relation), C.tether_item(s.Second.item), C.tether_attribute(s.Second.attribute),
			C.double(s.Multiplier), C.double(s.Constant), C.float(s.Priority), &id)
	})
	return Constraint{e, uint64(id)}, err
}

// Activate makes every spec and activates them as one batch (tether_layout_constraint_activate():
// none is activated on error; the made constraints are freed then).
func (e *Engine) Activate(specs ...Spec) ([]Constraint, error) {
	made := make([]Constraint, 0, len(specs))
	free := func() {
		for _, c := range made {
			_ = c.Free()
		}
	}
	for _, s := range specs {
		c, err := s.Make()
		if err != nil {
			free()
			return nil, err
		}
		made = append(made, c)
	}
	if err := e.ActivateConstraints(made...); err != nil {
		free()
		return nil, err
	}
	return made, nil
}

// ActivateConstraints is tether_layout_constraint_activate().
func (e *Engine) ActivateConstraints(cs ...Constraint) error {
	if len(cs) == 0 {
		return nil
	}
	ptr := e.handle()
	ids := make([]C.tether_layout_constraint, len(cs))
	for i, c := range cs {
		ids[i] = C.tether_layout_constraint(c.id)
	}
	return call(func() C.tether_status {
		return C.tether_layout_constraint_activate(ptr, (*C.tether_layout_constraint)(unsafe.Pointer(&ids[0])), C.size_t(len(ids)), nil)
	})
}

// Free is tether_layout_constraint_free().
func (c Constraint) Free() error {
	ptr := c.engine.handle()
	return call(func() C.tether_status { return C.tether_layout_constraint_free(ptr, C.tether_layout_constraint(c.id)) })
}

// SetActive is tether_layout_constraint_set_active().
func (c Constraint) SetActive(on bool) error {
	ptr := c.engine.handle()
	return call(func() C.tether_status {
		return C.tether_layout_constraint_set_active(ptr, C.tether_layout_constraint(c.id), cBool(on))
	})
}

// SetConstant is tether_layout_constraint_set_constant().
func (c Constraint) SetConstant(v float64) error {
	ptr := c.engine.handle()
	return call(func() C.tether_status {
		return C.tether_layout_constraint_set_constant(ptr, C.tether_layout_constraint(c.id), C.double(v))
	})
}

// SetPriority is tether_layout_constraint_set_priority().
func (c Constraint) SetPriority(p float32) error {
	ptr := c.engine.handle()
	return call(func() C.tether_status {
		return C.tether_layout_constraint_set_priority(ptr, C.tether_layout_constraint(c.id), C.float(p))
	})
}
